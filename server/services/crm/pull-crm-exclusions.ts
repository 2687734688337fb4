// Pull: the contacts the connection's exclusion rules pick (customers, owned, list members) go on
// the workspace's do-not-contact list, by e-mail and LinkedIn profile, with reason "crm" and a note
// naming the CRM. One page per call; the page cursor is stored so a retry resumes, and a finished
// pass remembers when it started, so the next one reads only what changed since (asking from a few
// minutes earlier, so a change the CRM recorded late is not skipped). A contact Herald itself pushed
// (it has a CrmRecordLink of this connection) is never excluded for being "owned": it is owned
// because Herald made it or the connecting user owns it, not because a colleague works it.
import { db } from "../../db/client";
import type { CrmConnection } from "../../db/generated/client";
import { now } from "../../lib/clock";
import type { CrmClient, CrmPulledContact } from "../../providers/crm/types";
import { addToDoNotContactList, type NewDoNotContactEntry } from "../do-not-contact/add-do-not-contact-entries";
import { storedExclusionRules, storedFieldMapping } from "./to-crm-connection";

/** How much earlier than the last pass's start the next one asks from. */
export const PULL_OVERLAP_MS = 5 * 60_000;

export interface PullExclusionsResult {
  done: boolean;
  read: number;
  added: number;
  /** No rule is on: nothing was asked of the CRM. */
  idle: boolean;
}

interface PassCursor {
  page: string;
  startedAt: string;
}

const REASON_WORDS: Record<NonNullable<CrmPulledContact["reason"]>, string> = { customer: "a customer", owned: "owned by someone", list: "in an excluded list" };

export async function pullCrmExclusions(connection: CrmConnection, client: CrmClient, label: string): Promise<PullExclusionsResult> {
  const rules = storedExclusionRules(connection);
  if (!rules.customers && !rules.owned && !rules.listIds.length) return { done: true, read: 0, added: 0, idle: true };
  const pass = parsePass(connection.exclusionsCursor);
  const startedAt = pass ? new Date(pass.startedAt) : now();
  const since = connection.exclusionsSince ? new Date(connection.exclusionsSince.getTime() - PULL_OVERLAP_MS) : null;
  const page = await client.pullExclusions({ rules, since, cursor: pass?.page ?? null, mapping: storedFieldMapping(connection) });
  const owned = page.items.filter((contact) => contact.reason === "owned").map((contact) => contact.id);
  const heralds = new Set(
    owned.length ? (await db.crmRecordLink.findMany({ where: { connectionId: connection.id, crmId: { in: owned } }, select: { crmId: true } })).map((link) => link.crmId) : [],
  );
  const excluded = page.items.filter((contact) => !(contact.reason === "owned" && heralds.has(contact.id)));
  const entries: NewDoNotContactEntry[] = excluded.flatMap((contact) => {
    const note = `${label}: ${contact.reason ? REASON_WORDS[contact.reason] : "excluded"} (record ${contact.id})`;
    const listed: NewDoNotContactEntry[] = [];
    if (contact.email) listed.push({ kind: "email", value: contact.email, reason: "crm", note });
    if (contact.linkedinUrl) listed.push({ kind: "linkedin", value: contact.linkedinUrl, reason: "crm", note });
    return listed;
  });
  const added = entries.length ? await addToDoNotContactList({ workspaceId: connection.workspaceId, entries, at: now() }) : 0;
  const next = page.nextCursor;
  const done = next === null;
  await db.crmConnection.update({
    where: { id: connection.id },
    data: next === null
      ? { exclusionsSince: startedAt, exclusionsCursor: null }
      : { exclusionsCursor: JSON.stringify({ page: next, startedAt: startedAt.toISOString() } satisfies PassCursor) },
  });
  return { done, read: page.items.length, added, idle: false };
}

function parsePass(value: string | null): PassCursor | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<PassCursor>;
    return typeof parsed.page === "string" && typeof parsed.startedAt === "string" ? { page: parsed.page, startedAt: parsed.startedAt } : null;
  } catch {
    return null;
  }
}
