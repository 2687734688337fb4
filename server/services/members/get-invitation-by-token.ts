import { db } from "../../db/client";
import { now } from "../../lib/clock";
import { sha256Hex } from "../../lib/crypto";

export type InvitationState = "pending" | "expired" | "accepted" | "revoked";

export interface InvitationPreview {
  email: string;
  workspaceName: string;
  invitedBy: string;
  state: InvitationState;
  /** Whether the invited address already has a Herald account (then only its password is asked). */
  hasAccount: boolean;
}

export async function getInvitationByToken(token: string): Promise<InvitationPreview | null> {
  const invitation = await db.invitation.findUnique({
    where: { tokenHash: sha256Hex(token) },
    include: { workspace: { select: { name: true } }, invitedBy: { select: { name: true, email: true } } },
  });
  if (!invitation) return null;
  const hasAccount = (await db.user.count({ where: { email: invitation.email } })) > 0;
  return {
    email: invitation.email,
    workspaceName: invitation.workspace.name,
    invitedBy: invitation.invitedBy.name ?? invitation.invitedBy.email,
    state: invitationState(invitation),
    hasAccount,
  };
}

export function invitationState(invitation: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }): InvitationState {
  if (invitation.acceptedAt) return "accepted";
  if (invitation.revokedAt) return "revoked";
  if (invitation.expiresAt <= now()) return "expired";
  return "pending";
}
