import { db } from "../../db/client";
import { requireRole, type Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import { forgetApiKeys } from "../api-keys/api-key-cache";
import type { TMember, TUpdateMemberRoleInput } from "../../schemas/account-user";
import { toMember } from "./to-member";

/**
 * Gives a member another role. Admins and owners may change roles; only an owner may make an owner
 * or change an owner's role, and a workspace always keeps one owner. An approver cannot use the
 * billing permission (approver-access.ts keeps billing out of their reach), so becoming one drops it.
 * The new role holds from the member's next request: every edge reads the role per request (API
 * keys remember it a few seconds, forgotten here once the change is committed: api-key-cache.ts).
 */
export async function updateMemberRole(actor: Actor, input: TUpdateMemberRoleInput): Promise<TMember> {
  requireRole(actor, "admin", "change members' roles");
  const changed = await db.$transaction(async (tx) => {
    // The workspace's owners, locked, so that two owners demoting each other cannot both succeed.
    const owners = await tx.$queryRaw<Array<{ id: string }>>`
      SELECT "id" FROM "Membership" WHERE "workspaceId" = ${actor.workspaceId} AND "role" = 'owner' FOR UPDATE`;
    const member = await tx.membership.findFirst({
      where: { id: input.memberId, workspaceId: actor.workspaceId },
      include: { user: { select: { name: true, email: true } } },
    });
    if (!member) throw HeraldError.notFound("Member");
    if (member.role === input.role) return toMember(member);
    const who = member.user.name ?? member.user.email;
    if ((member.role === "owner" || input.role === "owner") && actor.role !== "owner") {
      throw new HeraldError({ code: "forbidden", message: "Only a workspace owner can make someone an owner or change an owner's role." });
    }
    if (member.role === "owner" && owners.length <= 1) {
      throw new HeraldError({ code: "last-owner", message: `${who} is the workspace's only owner: make someone else an owner first.` });
    }
    const updated = await tx.membership.update({
      where: { id: member.id },
      data: { role: input.role, ...(input.role === "approver" ? { canManageBilling: false } : {}) },
      include: { user: { select: { name: true, email: true } } },
    });
    return toMember(updated);
  });
  forgetApiKeys();
  return changed;
}
