import { db } from "../../../db/client";
import { requireRole, type Actor } from "../../../lib/actor";
import { now } from "../../../lib/clock";
import { HeraldError } from "../../../lib/errors";
import type { TMailboxTracking, TMailboxTrackingInput } from "../../../schemas/tracking-domain";
import { refreshMailboxHealth } from "../health/refresh-mailbox-health";
import { findMailbox } from "../mailboxes/find-mailbox";
import { describeMailboxTracking } from "./get-mailbox-tracking";

/**
 * An admin's override of which tracking domain a mailbox's links use: any of the workspace's (used
 * once verified), or null to follow its sending domain's. Its next e-mails use it.
 */
export async function setMailboxTrackingDomain(actor: Actor, mailboxId: string, input: TMailboxTrackingInput): Promise<TMailboxTracking> {
  requireRole(actor, "admin", "choose a mailbox's tracking domain");
  const mailbox = await findMailbox(actor, mailboxId);
  if (input.trackingDomainId) {
    const exists = await db.trackingDomain.findFirst({ where: { id: input.trackingDomainId, workspaceId: actor.workspaceId }, select: { id: true } });
    if (!exists) {
      const message = "This workspace has no such tracking domain: choose one of its tracking domains, or none to use the mailbox's domain's.";
      throw HeraldError.invalidInput(message, [{ field: "trackingDomainId", message }]);
    }
  }
  await db.mailbox.update({ where: { id: mailbox.id }, data: { trackingDomainId: input.trackingDomainId, updatedAt: now() } });
  await refreshMailboxHealth(mailbox.id);
  return describeMailboxTracking({ ...mailbox, trackingDomainId: input.trackingDomainId });
}
