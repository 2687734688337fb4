import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import type { TInvitation } from "../../schemas/account-user";
import { toInvitation } from "./to-invitation";

export async function listPendingInvitations(actor: Actor): Promise<TInvitation[]> {
  const rows = await db.invitation.findMany({
    where: { workspaceId: actor.workspaceId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now() } },
    orderBy: { createdAt: "desc" },
  });
  return rows.map(toInvitation);
}
