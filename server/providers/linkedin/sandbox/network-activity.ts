// What happens on the sandbox network without the sender: prospects accept invitations and reply
// to messages when the behaviour model says so, or when a person acts as them on the Sandbox page.
// The result is ProviderActivity, the same shape a real provider's webhooks produce.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import type { ProviderActivity } from "../types";
import { replyText } from "./behaviour";
import { chatIdFor, sandboxId } from "./store";

async function sessionsOf(memberId: string): Promise<string[]> {
  const sessions = await db.sandboxSession.findMany({ where: { memberId, state: "ok" }, select: { id: true } });
  return sessions.map((session) => session.id);
}

async function acceptInvitation(invitationId: string, at: Date): Promise<ProviderActivity[]> {
  const invitation = await db.sandboxInvitation.findUnique({ where: { id: invitationId } });
  if (!invitation || invitation.status !== "pending") return [];
  const accepted = await db.$transaction(async (tx) => {
    const claimed = await tx.sandboxInvitation.updateMany({ where: { id: invitationId, status: "pending" }, data: { status: "accepted", respondedAt: at } });
    if (!claimed.count) return false;
    await tx.sandboxRelation.createMany({
      data: [
        { memberId: invitation.fromMemberId, otherMemberId: invitation.toMemberId, connectedAt: at },
        { memberId: invitation.toMemberId, otherMemberId: invitation.fromMemberId, connectedAt: at },
      ],
      skipDuplicates: true,
    });
    return true;
  });
  if (!accepted) return [];
  const prospect = await db.sandboxMember.findUnique({ where: { id: invitation.toMemberId }, select: { publicIdentifier: true } });
  return (await sessionsOf(invitation.fromMemberId)).map((providerAccountId) => ({
    kind: "relation.created" as const,
    providerAccountId,
    memberId: invitation.toMemberId,
    publicIdentifier: prospect?.publicIdentifier ?? null,
    at: at.toISOString(),
  }));
}

async function deliverReply(input: { from: string; to: string; text: string; at: Date; repliesTo?: string }): Promise<ProviderActivity[]> {
  const id = sandboxId("sbmsg");
  const chatId = chatIdFor(input.from, input.to);
  await db.$transaction(async (tx) => {
    if (input.repliesTo) await tx.sandboxMessage.update({ where: { id: input.repliesTo }, data: { repliedAt: input.at } });
    await tx.sandboxMessage.create({
      data: { id, chatId, fromMemberId: input.from, toMemberId: input.to, kind: "message", text: input.text, sentAt: input.at },
    });
  });
  return (await sessionsOf(input.to)).map((providerAccountId) => ({
    kind: "message.created" as const,
    providerAccountId,
    chatId,
    messageId: id,
    counterpartMemberId: input.from,
    isFromSender: false,
    text: input.text,
    at: input.at.toISOString(),
  }));
}

/** Acceptances and replies the behaviour model scheduled up to now, in time order. */
export async function collectDueSandboxActivity(limit = 500): Promise<ProviderActivity[]> {
  const current = now();
  const activity: ProviderActivity[] = [];
  const invitations = await db.sandboxInvitation.findMany({
    where: { status: "pending", acceptAt: { lte: current } },
    orderBy: { acceptAt: "asc" },
    take: limit,
  });
  for (const invitation of invitations) activity.push(...(await acceptInvitation(invitation.id, invitation.acceptAt!)));
  const replies = await db.sandboxMessage.findMany({
    where: { replyAt: { lte: current }, repliedAt: null },
    orderBy: { replyAt: "asc" },
    take: limit,
  });
  for (const message of replies) {
    activity.push(
      ...(await deliverReply({ from: message.toMemberId, to: message.fromMemberId, text: replyText(message.id), at: message.replyAt!, repliesTo: message.id })),
    );
  }
  return activity.sort((a, b) => ("at" in a && "at" in b ? a.at.localeCompare(b.at) : 0));
}

/** A person on the Sandbox page accepts an invitation as the prospect. */
export function acceptInvitationAsProspect(invitationId: string): Promise<ProviderActivity[]> {
  return acceptInvitation(invitationId, now());
}

/** A person on the Sandbox page writes to a sender as the prospect. */
export async function replyAsProspect(input: { prospectMemberId: string; senderMemberId: string; text: string }): Promise<ProviderActivity[]> {
  const chatId = chatIdFor(input.prospectMemberId, input.senderMemberId);
  const unanswered = await db.sandboxMessage.findFirst({
    where: { chatId, fromMemberId: input.senderMemberId, repliedAt: null },
    orderBy: { sentAt: "desc" },
  });
  return deliverReply({ from: input.prospectMemberId, to: input.senderMemberId, text: input.text, at: now(), repliesTo: unanswered?.id });
}

/** A prospect publishes a post (so that post likes and comments have something to act on). */
export async function publishPostAsProspect(input: { prospectMemberId: string; text: string }): Promise<{ postId: string }> {
  const id = sandboxId("sbpost");
  await db.sandboxPost.create({ data: { id, authorId: input.prospectMemberId, text: input.text, postedAt: now() } });
  return { postId: id };
}
