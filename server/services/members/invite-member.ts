import { db } from "../../db/client";
import { requireRole, type Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { HeraldError } from "../../lib/errors";
import { publicUrl } from "../../env";
import type { TInvitation, TInvitationEmail, TInviteMemberInput } from "../../schemas/account-user";
import { sendInvitationEmail } from "./send-invitation-email";
import { toInvitation } from "./to-invitation";

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Invites someone by e-mail: the link goes out through the installation's system mailbox when it has
 * one; either way it is shown once to the inviting admin (to pass on when no e-mail went out), and
 * only its hash is stored.
 */
export async function inviteMember(actor: Actor, input: TInviteMemberInput): Promise<{ invitation: TInvitation; url: string; email: TInvitationEmail }> {
  const { email, role, canManageBilling } = input;
  requireRole(actor, "admin", "invite members");
  if (canManageBilling && role === "approver") {
    throw HeraldError.invalidInput("Invalid canManageBilling: an approver cannot manage billing", [
      { field: "canManageBilling", message: "an approver cannot manage billing" },
    ]);
  }
  if (canManageBilling && actor.role !== "owner" && !actor.canManageBilling) {
    throw new HeraldError({ code: "not-allowed", message: "Only someone who manages billing can grant the billing permission." });
  }
  const existing = await db.membership.findFirst({ where: { workspaceId: actor.workspaceId, user: { email } } });
  if (existing) throw new HeraldError({ code: "already-member", message: `${email} is already a member of this workspace.` });

  const token = randomToken(32);
  const invitation = await db.$transaction(async (tx) => {
    // A new invitation replaces any earlier pending one for the same address.
    await tx.invitation.updateMany({
      where: { workspaceId: actor.workspaceId, email, acceptedAt: null, revokedAt: null },
      data: { revokedAt: now() },
    });
    return tx.invitation.create({
      data: {
        workspaceId: actor.workspaceId,
        email,
        role,
        canManageBilling,
        tokenHash: sha256Hex(token),
        invitedById: actor.userId,
        expiresAt: new Date(now().getTime() + INVITATION_LIFETIME_MS),
        createdAt: now(),
      },
    });
  });
  const url = `${publicUrl()}/invite/${token}`;
  const [workspace, inviter] = await Promise.all([
    db.workspace.findUniqueOrThrow({ where: { id: actor.workspaceId }, select: { name: true } }),
    db.user.findUnique({ where: { id: actor.userId }, select: { name: true } }),
  ]);
  const emailed = await sendInvitationEmail({ to: invitation.email, url, workspaceName: workspace.name, inviterName: inviter?.name ?? null, expiresAt: invitation.expiresAt });
  return { invitation: toInvitation(invitation), url, email: emailed };
}
