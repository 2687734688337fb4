// Posts a comment or sends a voice note for a lead's step: an approved draft, or one sent without
// approval. As for every step, the intent (the journal row `sending` and the sender action, within
// the caps) is written before LinkedIn is asked, so a crash in between is reconciled, never sent
// twice. LinkedIn refusing it fails the draft with its reason, and the lead like any step.
import { db } from "../../../db/client";
import type { Campaign, LinkedinAccount } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import { logger } from "../../../lib/logger";
import { getLinkedinProvider } from "../../../providers/linkedin";
import { getFileStorage } from "../../../providers/storage";
import { readAudioDurationMs } from "../../files/read-audio-duration";
import type { VoiceNote } from "../../../providers/linkedin/types";
import type { WiredSequence, WiredStep } from "../../../schemas/sequence";
import type { StepAction, Variant } from "../../../domain/sequence/decide-step";
import { reserveStepAction, StepAlreadyJournaled } from "../../direct-actions/reserve-step-action";
import type { WorkspaceLimits } from "../../senders/sender-capped-kinds";
import { isProviderError } from "../../senders/provider-error";
import { handleProviderError, type LeadInCampaign, type StepResult } from "./perform-lead-step";
import { recordStepSuccess, type SentDetails, type SentVoice } from "./record-step-success";

/**
 * What is sent: a comment on a post, or a voice message. `draftId`: the approved draft it comes
 * from; `audioKey`: where its audio is stored already (a recording fetched from the step's address
 * is stored once sent, so the inbox can play what went out).
 */
export type DraftedPayload = { kind: "comment"; postId: string; text: string; draftId?: string } | { kind: "voice"; voiceNote: VoiceNote; draftId?: string; audioKey?: string };

/** The sent voice message's audio, for the inbox: the draft's stored file, or the recording stored now. */
async function sentVoice(payload: Extract<DraftedPayload, { kind: "voice" }>, journalId: string): Promise<SentVoice | undefined> {
  const { mimeType, content } = payload.voiceNote;
  let { durationMs } = payload.voiceNote;
  let audioKey = payload.audioKey;
  if (!audioKey) {
    audioKey = `sent-voice/${journalId.toLowerCase()}`;
    try {
      const body = Buffer.from(content, "base64");
      await getFileStorage().put(audioKey, body, mimeType);
      // A recording's step may not say its length: the inbox shows what the audio holds.
      if (!durationMs) durationMs = (await readAudioDurationMs(body, mimeType)) ?? 0;
    } catch (error) {
      logger.warn("A sent voice message's audio could not be stored; the inbox shows it without a player", { journalId, error });
      return undefined;
    }
  }
  return { audioKey, mimeType, durationMs };
}

/** Provider errors after which the step is tried again later: the draft stays as it is. */
const PASSING = new Set(["throttled", "network-limit-reached", "rate-limited", "session-expired", "account-restricted", "provider-timeout", "provider-unreachable"]);

async function failDraft(step: WiredStep, draftId: string, message: string): Promise<void> {
  const data = { status: "failed", error: message, updatedAt: now() };
  if (step.type === "comment_post") await db.pendingComment.updateMany({ where: { id: draftId, status: { in: ["pending", "approved"] } }, data });
  else await db.pendingVoiceNote.updateMany({ where: { id: draftId, status: { in: ["pending", "approved"] } }, data });
}

export async function sendDraftedStep(input: {
  campaign: Campaign;
  sequence: WiredSequence;
  campaignLead: LeadInCampaign;
  sender: LinkedinAccount;
  step: WiredStep;
  variant: Variant;
  action: StepAction;
  memberId: string;
  payload: DraftedPayload;
  /** The workspace's weekly limits (the turn read them with the sender). */
  workspace: WorkspaceLimits;
  /** Called when it is not sent after all, before LinkedIn is asked (the lead moved on, the cap was reached). */
  notSent?: () => Promise<void>;
}): Promise<StepResult> {
  const { campaign, sequence, campaignLead, sender, step, variant, action, memberId, payload } = input;
  const lead = campaignLead.lead;
  let journalId: string;
  let actionId: string;
  try {
    // The lead started, the intent and its journal row written, the caps checked: one statement.
    const reserved = await reserveStepAction(
      sender,
      {
        type: action,
        source: "campaign",
        leadId: lead.id,
        campaignLeadId: campaignLead.id,
        stepId: step.id,
        variantId: variant.id,
        profileUrl: lead.profileUrl,
        publicIdentifier: lead.publicIdentifier,
        honourWeeklyBypass: false,
      },
      { campaignLeadId: campaignLead.id, campaignId: campaign.id, stepId: step.id, stepType: step.type, variantId: variant.id },
      input.workspace,
    );
    if (reserved.kind !== "reserved") {
      await input.notSent?.();
      return reserved.kind === "capped" ? { kind: "capped" } : { kind: "resolved" };
    }
    journalId = reserved.journalId;
    actionId = reserved.actionId;
  } catch (error) {
    if (!(error instanceof StepAlreadyJournaled)) throw error;
    await input.notSent?.();
    return { kind: "resolved" };
  }

  const provider = await getLinkedinProvider();
  let sent: SentDetails;
  try {
    if (payload.kind === "comment") {
      const posted = await provider.commentOnPost(sender.providerAccountId, payload.postId, payload.text);
      sent = { kind: "comment", commentId: posted.commentId };
    } else {
      const message = await provider.sendMessage(sender.providerAccountId, { memberId, text: "", voiceNote: payload.voiceNote });
      sent = { kind: "message", chatId: message.chatId, messageId: message.messageId, text: "", at: message.sentAt, voice: await sentVoice(payload, journalId) };
    }
  } catch (error) {
    // LinkedIn refused it for good: the draft says why before the lead fails (which withdraws open drafts).
    if (payload.draftId && isProviderError(error) && !PASSING.has(error.code)) await failDraft(step, payload.draftId, error.message);
    return handleProviderError(error, { campaignLead, sender, step, journalId, actionId, variantId: variant.id });
  }
  await recordStepSuccess({ campaign, sequence, campaignLead, sender, step, journalId, actionId, sent });
  return { kind: "acted" };
}
