// Acting on the sandbox network, with its own limits: a weekly invitation ceiling per sender and
// throttling when a sender acts too fast.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { getFileStorage } from "../../storage";
import { AUDIO_MIME_TYPES, canonicalMediaType } from "../../../schemas/media-types";
import { LinkedinProviderError, type Attachment, type SentInvitation, type SentMessage, type VoiceNote } from "../types";
import { acceptanceTime, DEFAULT_BEHAVIOUR, invitationKey, messageKey, replyRateFor, replyTime } from "./behaviour";
import { actingContext, type ActingContext } from "./acting-context";
import { activeSession, chatIdFor, sandboxId } from "./store";

/** The context of acting on a member: the member must exist. */
async function actingOn(sessionId: string, memberId: string) {
  const context = await actingContext(sessionId, { memberId });
  if (!context.target) throw new LinkedinProviderError("profile-not-found", `No member ${memberId} in the sandbox network`);
  return { ...context, target: context.target };
}

/** The network throttles a sender that acts more than it allows in an hour. */
function checkThrottle(context: ActingContext): void {
  if (context.lastHourActions >= DEFAULT_BEHAVIOUR.throttleActionsPerHour) {
    throw new LinkedinProviderError("throttled", "LinkedIn is throttling this account for acting too fast", { retryAfterSeconds: 3600 });
  }
}

export async function sendInvitation(sessionId: string, input: { memberId: string; note?: string }): Promise<SentInvitation> {
  const context = await actingOn(sessionId, input.memberId);
  const { member, target: prospect } = context;
  if (input.note && input.note.length > 300) throw new LinkedinProviderError("action-failed", "LinkedIn notes are at most 300 characters");
  if (input.note && !member.isPremium) throw new LinkedinProviderError("action-failed", "Only Premium members can add a note");
  if (context.connected) throw new LinkedinProviderError("already-connected", "Already connected to this member");
  if (context.invitationPending) throw new LinkedinProviderError("already-invited", "An invitation to this member is already pending");
  if (context.weekInvitations >= DEFAULT_BEHAVIOUR.networkWeeklyInvitationLimit) {
    throw new LinkedinProviderError("network-limit-reached", "LinkedIn's weekly invitation limit for this account is reached");
  }
  checkThrottle(context);
  const id = sandboxId("sbinv");
  const sentAt = now();
  await db.sandboxInvitation.create({
    data: {
      id,
      fromMemberId: member.id,
      toMemberId: prospect.id,
      note: input.note ?? null,
      status: "pending",
      sentAt,
      acceptAt: prospect.username ? null : acceptanceTime(invitationKey(member.id, prospect.id, context.earlierInvitations), prospect.acceptRate, sentAt),
    },
  });
  return { invitationId: id, memberId: prospect.id, sentAt: sentAt.toISOString() };
}

export async function withdrawInvitation(sessionId: string, invitationId: string): Promise<void> {
  const { member } = await activeSession(sessionId);
  const updated = await db.sandboxInvitation.updateMany({
    where: { id: invitationId, fromMemberId: member.id, status: "pending" },
    data: { status: "withdrawn", respondedAt: now() },
  });
  if (!updated.count) throw new LinkedinProviderError("action-failed", "No pending invitation to withdraw");
}

async function deliverMessage(input: {
  from: string;
  to: { id: string; username: string | null; replyRate: number };
  /** The context read before acting: whether a reply is awaited, how many messages went before. */
  context: ActingContext;
  kind: "message" | "inmail" | "voice_note";
  text: string;
  subject?: string;
  attachments?: Attachment[];
  voiceNote?: VoiceNote;
}): Promise<SentMessage> {
  const id = sandboxId("sbmsg");
  const sentAt = now();
  // The prospect keeps the audio, as LinkedIn does: the Sandbox page plays it back.
  const audio = input.voiceNote ? await storeVoiceNote(id, input.voiceNote) : null;
  const chatId = chatIdFor(input.from, input.to.id);
  // A prospect answers a conversation once until it is answered: later messages schedule no reply.
  const awaitingReply = input.context.awaitingReply;
  const earlier = input.context.earlierMessages;
  await db.sandboxMessage.create({
    data: {
      id,
      chatId,
      fromMemberId: input.from,
      toMemberId: input.to.id,
      kind: input.kind,
      subject: input.subject,
      text: input.text,
      attachments: input.attachments?.length ?? 0,
      audioKey: audio?.key ?? null,
      audioMimeType: audio?.mimeType ?? null,
      durationMs: audio?.durationMs ?? null,
      sentAt,
      replyAt:
        input.to.username || awaitingReply
          ? null
          : replyTime(messageKey(input.from, input.to.id, earlier), replyRateFor(input.kind, input.to.replyRate), sentAt),
    },
  });
  return { chatId, messageId: id, sentAt: sentAt.toISOString() };
}

const AUDIO_EXTENSIONS: Record<string, string> = {
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/wave": "wav",
  "audio/mpeg": "mp3",
  "audio/mp3": "mp3",
  "audio/ogg": "ogg",
  "audio/opus": "opus",
  "audio/webm": "webm",
  "audio/mp4": "m4a",
  "audio/x-m4a": "m4a",
  "audio/aac": "aac",
  "audio/flac": "flac",
};

/** The key under which the network keeps a voice message's audio. */
export function sandboxAudioKey(messageId: string, mimeType: string): string {
  const base = mimeType.split(";")[0]!.trim().toLowerCase();
  return `sandbox/${messageId}.${AUDIO_EXTENSIONS[base] ?? "bin"}`;
}

async function storeVoiceNote(messageId: string, voiceNote: VoiceNote) {
  const body = Buffer.from(voiceNote.content, "base64");
  // LinkedIn refuses a voice message without audio, or that is not audio.
  if (!body.length) throw new LinkedinProviderError("action-failed", "The voice message has no audio");
  // Kept and served from Herald's origin (the sandbox's inbox), so only a known audio type is stored.
  const mimeType = canonicalMediaType(voiceNote.mimeType, AUDIO_MIME_TYPES);
  if (!mimeType) throw new LinkedinProviderError("action-failed", "A voice message must be audio");
  const key = sandboxAudioKey(messageId, mimeType);
  await getFileStorage().put(key, body, mimeType);
  return { key, mimeType, durationMs: voiceNote.durationMs > 0 ? Math.round(voiceNote.durationMs) : null };
}

export async function sendMessage(
  sessionId: string,
  input: { memberId: string; text: string; attachments?: Attachment[]; voiceNote?: VoiceNote },
): Promise<SentMessage> {
  const context = await actingOn(sessionId, input.memberId);
  const { member, target: prospect } = context;
  if (!context.connected) {
    throw new LinkedinProviderError("not-connected", "Messages need a connection: invite the member first, or send an InMail");
  }
  checkThrottle(context);
  return deliverMessage({
    from: member.id,
    to: prospect,
    context,
    kind: input.voiceNote ? "voice_note" : "message",
    text: input.text,
    attachments: input.attachments,
    voiceNote: input.voiceNote,
  });
}

export async function sendInmail(
  sessionId: string,
  input: { memberId: string; subject: string; text: string; attachments?: Attachment[] },
): Promise<SentMessage> {
  const context = await actingOn(sessionId, input.memberId);
  const { member, target: prospect } = context;
  checkThrottle(context);
  if (!prospect.openProfile) {
    const spent = await db.sandboxMember.updateMany({ where: { id: member.id, inmailCredits: { gt: 0 } }, data: { inmailCredits: { decrement: 1 } } });
    if (!spent.count) throw new LinkedinProviderError("no-inmail-credits", "No InMail credits left and the member is not an open profile");
  }
  return deliverMessage({ from: member.id, to: prospect, context, kind: "inmail", text: input.text, subject: input.subject, attachments: input.attachments });
}

async function interact(sessionId: string, kind: "profile_view" | "reaction" | "comment", targetId: string, postId?: string, text?: string) {
  const context = await actingOn(sessionId, targetId);
  const { member } = context;
  checkThrottle(context);
  const id = sandboxId("sbint");
  await db.sandboxInteraction.create({ data: { id, kind, memberId: member.id, targetId, postId, text, at: now() } });
  return id;
}

export async function visitProfile(sessionId: string, memberId: string): Promise<void> {
  await interact(sessionId, "profile_view", memberId);
}

/** A follow is recorded once per member and target: following again changes nothing (LinkedIn's button just shows Following). */
export async function followProfile(sessionId: string, memberId: string): Promise<void> {
  const context = await actingOn(sessionId, memberId);
  const following = await db.sandboxInteraction.findFirst({ where: { kind: "follow", memberId: context.member.id, targetId: memberId }, select: { id: true } });
  if (following) return;
  checkThrottle(context);
  await db.sandboxInteraction.create({ data: { id: sandboxId("sbint"), kind: "follow", memberId: context.member.id, targetId: memberId, at: now() } });
}

export async function reactToPost(sessionId: string, postId: string): Promise<void> {
  const post = await db.sandboxPost.findUnique({ where: { id: postId } });
  if (!post) throw new LinkedinProviderError("no-recent-post", "That post does not exist");
  await interact(sessionId, "reaction", post.authorId, post.id);
}

export async function commentOnPost(sessionId: string, postId: string, text: string): Promise<{ commentId: string }> {
  const post = await db.sandboxPost.findUnique({ where: { id: postId } });
  if (!post) throw new LinkedinProviderError("no-recent-post", "That post does not exist");
  return { commentId: await interact(sessionId, "comment", post.authorId, post.id, text) };
}
