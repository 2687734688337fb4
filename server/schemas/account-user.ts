// People who sign in to the dashboard: first-run setup, members and invitations.
import { z } from "zod";
import { ZTimestamp } from "./common";
import { ZRole, ZWorkspaceName } from "./workspace";

export const ZEmail = z.string().trim().toLowerCase().pipe(z.email("must be a valid e-mail address")).pipe(z.string().max(254));
export const ZPassword = z
  .string()
  .min(10, "must be at least 10 characters")
  .max(200, "must be at most 200 characters");
export const ZPersonName = z.string().trim().min(1, "is required").max(100, "must be at most 100 characters");

export const ZFirstRunInput = z.object({
  name: ZPersonName,
  email: ZEmail,
  password: ZPassword,
  workspaceName: ZWorkspaceName,
});
export type TFirstRunInput = z.infer<typeof ZFirstRunInput>;

export const ZSignInInput = z.object({ email: ZEmail, password: z.string().min(1, "is required") });
export type TSignInInput = z.infer<typeof ZSignInInput>;

export const ZInviteMemberInput = z.object({
  email: ZEmail,
  role: ZRole.exclude(["owner"]).default("member"),
  canManageBilling: z.boolean().default(false),
});
export type TInviteMemberInput = z.infer<typeof ZInviteMemberInput>;

export const ZUpdateMemberRoleInput = z.object({
  memberId: z.string().min(1),
  role: ZRole,
});
export type TUpdateMemberRoleInput = z.infer<typeof ZUpdateMemberRoleInput>;

export const ZAcceptInvitationInput = z.object({
  token: z.string().min(1),
  /** Required when the invited address has no Herald account yet. */
  name: ZPersonName.optional(),
  password: ZPassword.optional(),
});
export type TAcceptInvitationInput = z.infer<typeof ZAcceptInvitationInput>;

export const ZMember = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  role: ZRole,
  canManageBilling: z.boolean(),
  createdAt: ZTimestamp,
});
export type TMember = z.infer<typeof ZMember>;

export const ZInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: ZRole,
  canManageBilling: z.boolean(),
  expiresAt: ZTimestamp,
  createdAt: ZTimestamp,
});
export type TInvitation = z.infer<typeof ZInvitation>;

/** Whether an invitation went out by e-mail (through the system mailbox) and, when not, why. */
export const ZInvitationEmail = z.object({
  sent: z.boolean(),
  to: z.string(),
  problem: z.string().nullable(),
});
export type TInvitationEmail = z.infer<typeof ZInvitationEmail>;
