import { db } from "../../../db/client";
import { domainOfAddress } from "../../../domain/mail/tracking-domain";
import type { Actor } from "../../../lib/actor";
import type { TTrackingDomain } from "../../../schemas/tracking-domain";
import { toTrackingDomain, type TrackingDomainRow } from "./to-tracking-domain";

/** How many of the workspace's mailboxes use each tracking domain (their pick, else their domain's). */
export async function countTrackingDomainMailboxes(workspaceId: string, rows: readonly TrackingDomainRow[]): Promise<Map<string, number>> {
  const counts = new Map(rows.map((row) => [row.id, 0]));
  if (!rows.length) return counts;
  const mailboxes = await db.mailbox.findMany({ where: { workspaceId }, select: { email: true, trackingDomainId: true } });
  const byDomain = new Map(rows.map((row) => [row.domain, row.id]));
  for (const mailbox of mailboxes) {
    const id = mailbox.trackingDomainId && counts.has(mailbox.trackingDomainId) ? mailbox.trackingDomainId : byDomain.get(domainOfAddress(mailbox.email));
    if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** The workspace's tracking domains, by host. Two queries whatever their number. */
export async function listTrackingDomains(actor: Actor): Promise<TTrackingDomain[]> {
  const rows = await db.trackingDomain.findMany({ where: { workspaceId: actor.workspaceId }, orderBy: { host: "asc" } });
  const counts = await countTrackingDomainMailboxes(actor.workspaceId, rows);
  return rows.map((row) => toTrackingDomain(row, counts.get(row.id) ?? 0));
}
