// The installation's e-mail finder (the find_email campaign step): the company database's people,
// the only one so far (HERALD_EMAIL_FINDER=company-database, the default). An enrichment service
// becomes another value of HERALD_EMAIL_FINDER and another EmailFinder here.
import { env, type Env } from "../../env";
import { companyDatabaseFinder } from "./company-database";
import type { EmailFinder } from "./types";

const slot: typeof globalThis & { __heraldEmailFinder?: EmailFinder } = globalThis;

const FINDERS: Record<Env["HERALD_EMAIL_FINDER"], EmailFinder> = { "company-database": companyDatabaseFinder };

export function emailFinderFromEnv(settings: Env): EmailFinder {
  return FINDERS[settings.HERALD_EMAIL_FINDER];
}

export function getEmailFinder(): EmailFinder {
  slot.__heraldEmailFinder ??= emailFinderFromEnv(env());
  return slot.__heraldEmailFinder;
}

/** Replaces the finder (tests: a finder that fails or answers slowly); undefined goes back to the configured one. */
export function setEmailFinder(finder: EmailFinder | undefined): void {
  slot.__heraldEmailFinder = finder;
}
