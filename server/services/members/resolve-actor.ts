import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";

/**
 * The actor for a user in a workspace. A workspace the user does not belong to is refused with
 * 403 `not-a-member`, the same answer whether or not it exists.
 */
export async function resolveActor(userId: string, workspaceId: string, apiKeyId?: string): Promise<Actor> {
  const membership = await db.membership.findUnique({ where: { workspaceId_userId: { workspaceId, userId } } });
  if (!membership) {
    throw new HeraldError({ code: "not-a-member", message: "You are not a member of that workspace." });
  }
  return {
    userId,
    workspaceId,
    role: membership.role,
    canManageBilling: membership.canManageBilling,
    apiKeyId,
  };
}
