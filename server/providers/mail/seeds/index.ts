// Which seed inboxes a mailbox's deliverability test may use: the sandbox network's seed for a
// sandbox mailbox, the installation's HERALD_SEED_INBOXES for a real one (none when unset).
import { env } from "../../../env";
import type { MailProviderName } from "../types";
import { createImapSeedInbox } from "./imap-seed-inbox";
import { createSandboxSeedInbox, SANDBOX_SEED_ADDRESS } from "./sandbox-seed-inbox";
import type { SeedInbox } from "./types";

export type { SeedFolder, SeedInbox, SeedMessage } from "./types";

export function seedInboxesFor(provider: MailProviderName): SeedInbox[] {
  if (provider === "sandbox") return [createSandboxSeedInbox()];
  return env().HERALD_SEED_INBOXES.map((seed) => createImapSeedInbox(seed));
}

/** The seed a test was sent to, found again by its address (null when the setting no longer lists it). */
export function seedInboxByAddress(provider: MailProviderName, address: string): SeedInbox | null {
  if (provider === "sandbox") return address === SANDBOX_SEED_ADDRESS ? createSandboxSeedInbox(address) : null;
  return seedInboxesFor(provider).find((seed) => seed.address === address) ?? null;
}
