import { db } from "../../db/client";
import { requireRole, type Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";

export async function revokeInvitation(actor: Actor, invitationId: string): Promise<void> {
  requireRole(actor, "admin", "revoke invitations");
  const result = await db.invitation.updateMany({
    where: { id: invitationId, workspaceId: actor.workspaceId, acceptedAt: null, revokedAt: null },
    data: { revokedAt: now() },
  });
  if (result.count === 0) throw HeraldError.notFound("Invitation");
}
