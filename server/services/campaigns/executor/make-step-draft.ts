// Makes the draft of a comment or voice note step for one lead: an AI comment on the lead's post,
// an AI voice note spoken in the sender's voice, or a copy of the step's recording. AI drafts
// spend the workspace's credits through the ledger (services/campaigns/drafts); a draft that could not be
// made (out of credits, the provider failing, the recording unreachable) keeps nothing.
import { parseBuffer } from "music-metadata";
import type { Campaign, LinkedinAccount } from "../../../db/generated/client";
import { logger } from "../../../lib/logger";
import type { PostSummary } from "../../../providers/linkedin/types";
import { getFileStorage } from "../../../providers/storage";
import type { WiredStep } from "../../../schemas/sequence";
import { recordingFor, type Variant } from "../../../domain/sequence/decide-step";
import { renderCopy } from "../../../domain/sequence/render-copy";
import { chooseSpintax, copySeed, fieldSeed } from "../../../domain/sequence/spintax";
import { refundAiCredits } from "../../credits/refund-ai-credits";
import { COMMENT_DRAFT_COST, draftComment } from "../drafts/draft-comment";
import type { DraftOutcome } from "../drafts/draft-outcome";
import { audioKey, speakVoiceNote, VOICE_NOTE_COST } from "../drafts/speak-voice-note";
import { fetchVoice } from "./fetch-attachment";
import { mergeFields } from "../lead-merge-fields";
import type { LeadInCampaign } from "./perform-lead-step";

export type StepDraft =
  | { kind: "comment"; prompt: string; comment: string; post: PostSummary }
  | { kind: "voice"; voiceKind: "ai" | "recorded"; script: string | null; voiceId: string | null; voiceName: string | null; audioKey: string; mimeType: string; durationMs: number };

type Recording = NonNullable<Variant["voice"]>;

/** The length of a recording whose step did not give it, read from the audio itself (0 when it cannot be read). */
async function durationOf(audio: Buffer, mimeType: string): Promise<number> {
  try {
    const metadata = await parseBuffer(audio, { mimeType });
    return Math.round((metadata.format.duration ?? 0) * 1000);
  } catch {
    return 0;
  }
}

/** Copies the step's recording into file storage, so the pending note plays and sends from there. */
async function copyRecording(workspaceId: string, recording: Recording): Promise<DraftOutcome<StepDraft>> {
  try {
    const fetched = await fetchVoice(recording);
    const audio = Buffer.from(fetched.content, "base64");
    const key = audioKey(workspaceId, fetched.mimeType);
    await getFileStorage().put(key, audio, fetched.mimeType);
    const durationMs = fetched.durationMs || (await durationOf(audio, fetched.mimeType));
    return { ok: true, value: { kind: "voice", voiceKind: "recorded", script: null, voiceId: null, voiceName: null, audioKey: key, mimeType: fetched.mimeType, durationMs } };
  } catch (error) {
    logger.warn("Could not copy a voice note recording", { url: recording.url, fileId: recording.fileId, error });
    return { ok: false, reason: "provider-failed", message: "The voice note's recording could not be fetched; Herald tries again later." };
  }
}

export async function makeStepDraft(input: {
  campaign: Campaign;
  campaignLead: LeadInCampaign;
  sender: LinkedinAccount;
  step: WiredStep;
  variant: Variant;
  post: PostSummary | null;
}): Promise<DraftOutcome<StepDraft>> {
  const { campaign, campaignLead, sender, step, variant, post } = input;
  const reference = `${campaignLead.id}:${step.id}`;
  const lead = campaignLead.lead;
  const seed = copySeed(campaignLead.id, step.id, variant.id);
  if (step.type === "comment_post") {
    const prompt = chooseSpintax(variant.prompt ?? "", fieldSeed(seed, "prompt"));
    const drafted = await draftComment({
      workspaceId: campaign.workspaceId,
      reference,
      draft: {
        prompt,
        post: { text: post?.text ?? "", url: post?.url ?? "" },
        lead: { firstName: lead.firstName, lastName: lead.lastName, headline: lead.headline, company: lead.company, jobTitle: lead.jobTitle },
        sender: { fullName: sender.fullName },
      },
    });
    if (!drafted.ok) return drafted;
    return { ok: true, value: { kind: "comment", prompt, comment: drafted.value, post: post! } };
  }
  if (step.type === "ai_voice_note") {
    const script = renderCopy(variant.script, variant.fallbackScript, mergeFields(lead, campaignLead), fieldSeed(seed, "script")).text;
    const spoken = await speakVoiceNote({ workspaceId: campaign.workspaceId, reference, script, voiceId: sender.voiceId });
    if (!spoken.ok) return spoken;
    const { audioKey: key, mimeType, durationMs, voiceId, voiceName } = spoken.value;
    return { ok: true, value: { kind: "voice", voiceKind: "ai", script, voiceId, voiceName, audioKey: key, mimeType, durationMs } };
  }
  const recording = recordingFor(step, variant, sender.id);
  if (!recording) throw new Error(`Step ${step.id} has no recording for sender ${sender.id}`);
  return copyRecording(campaign.workspaceId, recording);
}

/**
 * Gives up a draft that was made but will never be kept (its lead moved on while it was made): the
 * credits it cost come back, as for a draft that could not be made, and its audio is removed.
 */
export async function discardStepDraft(input: { workspaceId: string; campaignLeadId: string; stepId: string; draft: StepDraft }): Promise<void> {
  const { draft } = input;
  const cost = draft.kind === "comment" ? COMMENT_DRAFT_COST : draft.voiceKind === "ai" ? VOICE_NOTE_COST : 0;
  if (cost) await refundAiCredits({ workspaceId: input.workspaceId, amount: cost, reference: `${input.campaignLeadId}:${input.stepId}` });
  if (draft.kind === "voice") {
    await getFileStorage()
      .delete(draft.audioKey)
      .catch((error: unknown) => logger.warn("Removing a discarded voice note's audio failed", { key: draft.audioKey, error }));
  }
}
