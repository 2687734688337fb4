// The Sandbox page lets a person act as a prospect (or as the sender's phone) to see how Herald
// reacts; everything flows into Herald as a real provider's activity would.
import { db } from "../../db/client";
import { HeraldError } from "../../lib/errors";
import { approveSandboxSignIn } from "../../providers/linkedin/sandbox/sessions";
import {
  acceptInvitationAsProspect,
  publishPostAsProspect,
  replyAsProspect,
} from "../../providers/linkedin/sandbox/network-activity";
import type { Actor } from "../../lib/actor";
import { recordProviderActivity } from "../linkedin-activity/record-provider-activity";
import { isProviderError, providerErrorToHerald } from "../senders/provider-error";
import { recordGettingStarted } from "../getting-started/record-getting-started";

async function sandboxSessionsOfWorkspace(actor: Actor): Promise<Set<string>> {
  const accounts = await db.linkedinAccount.findMany({ where: { workspaceId: actor.workspaceId, provider: "sandbox" }, select: { providerAccountId: true } });
  return new Set(accounts.map((account) => account.providerAccountId));
}

async function membersOfWorkspace(actor: Actor): Promise<Set<string>> {
  const sessions = [...(await sandboxSessionsOfWorkspace(actor))];
  const rows = await db.sandboxSession.findMany({ where: { id: { in: sessions } }, select: { memberId: true } });
  return new Set(rows.map((row) => row.memberId));
}

export async function acceptInvitationAsSandboxProspect(actor: Actor, invitationId: string): Promise<void> {
  const invitation = await db.sandboxInvitation.findUnique({ where: { id: invitationId } });
  if (!invitation || !(await membersOfWorkspace(actor)).has(invitation.fromMemberId)) throw HeraldError.notFound("Invitation");
  if (invitation.status !== "pending") {
    throw new HeraldError({ code: "invitation-not-pending", message: `This invitation is already ${invitation.status}.` });
  }
  for (const activity of await acceptInvitationAsProspect(invitationId)) await recordProviderActivity("sandbox", activity);
  await recordGettingStarted(actor.workspaceId, "sandboxActedAt");
}

export async function replyAsSandboxProspect(actor: Actor, input: { prospectMemberId: string; senderMemberId: string; text: string }): Promise<void> {
  if (!(await membersOfWorkspace(actor)).has(input.senderMemberId)) throw HeraldError.notFound("Sender");
  if (!input.text.trim()) throw HeraldError.invalidInput("Invalid text: is required", [{ field: "text", message: "is required" }]);
  const prospect = await db.sandboxMember.findUnique({ where: { id: input.prospectMemberId } });
  if (!prospect) throw HeraldError.notFound("Prospect");
  for (const activity of await replyAsProspect(input)) await recordProviderActivity("sandbox", activity);
  await recordGettingStarted(actor.workspaceId, "sandboxActedAt");
}

export async function publishPostAsSandboxProspect(actor: Actor, input: { prospectMemberId: string; text: string }): Promise<{ postId: string }> {
  const prospect = await db.sandboxMember.findUnique({ where: { id: input.prospectMemberId } });
  if (!prospect || prospect.username) throw HeraldError.notFound("Prospect");
  if (!input.text.trim()) throw HeraldError.invalidInput("Invalid text: is required", [{ field: "text", message: "is required" }]);
  const post = await publishPostAsProspect(input);
  await recordGettingStarted(actor.workspaceId, "sandboxActedAt");
  return post;
}

/** Approves a sign-in in the "LinkedIn app" (IN_APP_VALIDATION) or solves its captcha (CAPTCHA). */
export async function approveSandboxSignInFor(actor: Actor | null, sessionId: string): Promise<void> {
  if (actor && !(await sandboxSessionsOfWorkspace(actor)).has(sessionId)) throw HeraldError.notFound("Sign-in");
  try {
    await approveSandboxSignIn(sessionId);
  } catch (error) {
    // The captcha page is public: an unknown id is a 404 like any other, and a sign-in with no step
    // waiting the provider's own 4xx, never an internal error.
    if (!isProviderError(error)) throw error;
    if (error.code === "session-expired") throw HeraldError.notFound("Sign-in");
    throw providerErrorToHerald(error);
  }
}
