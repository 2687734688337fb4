import { db } from "../../../db/client";
import { requireRole, type Actor } from "../../../lib/actor";
import { findTrackingDomain } from "./find-tracking-domain";
import { forgetVerifiedTrackingHosts } from "./verified-tracking-hosts";
import { refreshTrackingDomainMailboxes } from "./verify-tracking-domain";

/**
 * Removes a tracking domain: its mailboxes' next e-mails use Herald's address again (a mailbox that
 * picked it follows its own domain's). Links in e-mails already sent stop answering once the host
 * no longer points at Herald, and at once on this installation: an unknown host is refused.
 */
export async function deleteTrackingDomain(actor: Actor, id: string): Promise<void> {
  requireRole(actor, "admin", "remove a tracking domain");
  const row = await findTrackingDomain(actor, id);
  await db.trackingDomain.delete({ where: { id: row.id } });
  forgetVerifiedTrackingHosts();
  // Its mailboxes link to Herald's address again: their health says so.
  await refreshTrackingDomainMailboxes(row);
}
