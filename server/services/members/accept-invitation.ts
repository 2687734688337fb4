import { db } from "../../db/client";
import { now } from "../../lib/clock";
import { hashPassword, sha256Hex, verifyPassword } from "../../lib/crypto";
import { HeraldError } from "../../lib/errors";
import type { TAcceptInvitationInput } from "../../schemas/account-user";
import { invitationState } from "./get-invitation-by-token";

/**
 * Joins the invited workspace. An invited address without an account creates one (name and
 * password); one with an account proves it with its password. Returns the e-mail to sign in with.
 */
export async function acceptInvitation(input: TAcceptInvitationInput): Promise<{ email: string; workspaceId: string }> {
  const { token, name, password } = input;
  const invitation = await db.invitation.findUnique({ where: { tokenHash: sha256Hex(token) } });
  if (!invitation) throw HeraldError.notFound("Invitation");
  const state = invitationState(invitation);
  if (state !== "pending") {
    throw new HeraldError({ code: `invitation-${state}`, message: `This invitation is ${state}; ask for a new one.` });
  }
  if (!password) throw HeraldError.invalidInput("Invalid password: is required", [{ field: "password", message: "is required" }]);

  const existing = await db.user.findUnique({ where: { email: invitation.email } });
  if (existing) {
    if (!existing.passwordHash || !(await verifyPassword(password, existing.passwordHash))) {
      throw HeraldError.invalidInput("Invalid password: does not match this account", [
        { field: "password", message: "does not match this account" },
      ]);
    }
  } else if (!name) {
    throw HeraldError.invalidInput("Invalid name: is required", [{ field: "name", message: "is required" }]);
  }
  const passwordHash = existing ? null : await hashPassword(password);

  await db.$transaction(async (tx) => {
    const claimed = await tx.invitation.updateMany({
      where: { id: invitation.id, acceptedAt: null, revokedAt: null },
      data: { acceptedAt: now() },
    });
    if (claimed.count === 0) throw new HeraldError({ code: "invitation-accepted", message: "This invitation was already used." });
    const user = existing ?? (await tx.user.create({ data: { email: invitation.email, name: name!, passwordHash } }));
    await tx.membership.upsert({
      where: { workspaceId_userId: { workspaceId: invitation.workspaceId, userId: user.id } },
      create: {
        workspaceId: invitation.workspaceId,
        userId: user.id,
        role: invitation.role,
        canManageBilling: invitation.canManageBilling,
      },
      update: {},
    });
    await tx.user.update({ where: { id: user.id }, data: { activeWorkspaceId: invitation.workspaceId } });
  });
  return { email: invitation.email, workspaceId: invitation.workspaceId };
}
