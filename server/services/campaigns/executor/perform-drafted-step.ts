// Carries out a comment or voice note step with its sender (the decision core's drafted kinds):
// read the profile, see where the step's draft stands, read the lead's recent posts for a comment,
// then make the draft (waiting for approval, or sent at once) or send the approved one. Making a
// draft uses the sender's turn (it rests its gap) but no cap; a draft that cannot be paid for or
// made leaves the lead to be tried again later, and the turn goes on.
import type { DoNotContactMatch } from "../../../domain/do-not-contact/entries";
import type { Campaign, LinkedinAccount } from "../../../db/generated/client";
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { getLinkedinProvider } from "../../../providers/linkedin";
import type { MemberProfile, PostSummary } from "../../../providers/linkedin/types";
import { getFileStorage } from "../../../providers/storage";
import type { WiredSequence, WiredStep } from "../../../schemas/sequence";
import { chooseStepVariant } from "../../../domain/sequence/choose-variant";
import { decideWithRecentPost } from "./decide-with-recent-post";
import { decideStep, draftNeedsApproval, profileFacts, recordingFor, type DraftState, type StepDecision, type StepFacts } from "../../../domain/sequence/decide-step";
import { DRAFT_FAILED_RETRY_MS, NO_CREDITS_RETRY_MS } from "../../../domain/sequence/turn-policy";
import { upsertLeadFromProfile } from "../../leads/upsert-lead-from-profile";
import type { WorkspaceLimits } from "../../senders/sender-capped-kinds";
import { readApprovals } from "../campaign-columns";
import { fetchVoice } from "./fetch-attachment";
import { holdDraftForApproval } from "./hold-draft-for-approval";
import { discardStepDraft, makeStepDraft, type StepDraft } from "./make-step-draft";
import { failLead, handleProviderError, LeadMovedOn, postpone, resolveWithout, type LeadInCampaign, type StepResult } from "./perform-lead-step";
import { sendDraftedStep, type DraftedPayload } from "./send-drafted-step";
import { lockCampaignLead, moveCampaignLead } from "./settle-campaign-lead";

type Context = { campaign: Campaign; sequence: WiredSequence; campaignLead: LeadInCampaign; sender: LinkedinAccount; step: WiredStep; workspace: WorkspaceLimits; listed: DoNotContactMatch | null };

/** The step's draft for this lead, as the decision core sees it, with the row it comes from. */
async function readDraft(campaignLeadId: string, step: WiredStep) {
  const where = { campaignLeadId_stepId: { campaignLeadId, stepId: step.id } };
  const row = step.type === "comment_post" ? await db.pendingComment.findUnique({ where }) : await db.pendingVoiceNote.findUnique({ where });
  const state: DraftState = row?.status === "pending" || row?.status === "approved" ? row.status : "none";
  return { state, row };
}

/** What a new draft, or a voice note's audio, is sent as. */
async function payloadOfDraft(draft: StepDraft): Promise<DraftedPayload | null> {
  if (draft.kind === "comment") return { kind: "comment", postId: draft.post.postId, text: draft.comment };
  const stored = await getFileStorage().get(draft.audioKey);
  if (!stored) return null;
  return { kind: "voice", voiceNote: { mimeType: draft.mimeType, content: stored.body.toString("base64"), durationMs: draft.durationMs }, audioKey: draft.audioKey };
}

/** What an approved draft (a PendingComment or PendingVoiceNote row) is sent as. */
async function payloadOfApproved(step: WiredStep, row: Awaited<ReturnType<typeof readDraft>>["row"]): Promise<DraftedPayload | null> {
  if (!row) return null;
  if (step.type === "comment_post" && "comment" in row) return { kind: "comment", postId: row.postId, text: row.comment, draftId: row.id };
  if (!("audioKey" in row)) return null;
  const stored = await getFileStorage().get(row.audioKey);
  if (!stored) return null;
  return { kind: "voice", voiceNote: { mimeType: row.audioMimeType, content: stored.body.toString("base64"), durationMs: row.durationMs }, draftId: row.id, audioKey: row.audioKey };
}

const MISSING_AUDIO = "The voice note's audio could not be found in file storage.";

export async function performDraftedStep(context: Context): Promise<StepResult> {
  const { campaign, sequence, campaignLead, sender, step } = context;
  const lead = campaignLead.lead;
  const variant = chooseStepVariant(step, campaignLead.id);
  const draft = await readDraft(campaignLead.id, step);
  const facts: StepFacts = {
    step,
    campaignLeadId: campaignLead.id,
    at: now().getTime(),
    listed: context.listed,
    holder: null,
    hasProfile: Boolean(lead.profileUrl ?? lead.publicIdentifier),
    profile: null,
    inmailBalance: 0,
    // The caps are checked when the action is reserved (a kind at its cap was left out of the turn).
    capped: false,
    draft: draft.state,
    approvalRequired: draftNeedsApproval(readApprovals(campaign.approvals), step.type),
    recentPost: null,
    hasRecording: step.type === "voice_note" ? recordingFor(step, variant, sender.id) !== null : undefined,
  };
  const before = decideStep(facts);
  if (before.kind === "fail") return failLead(campaignLead, step, before.message);
  const target = lead.profileUrl ?? lead.publicIdentifier;
  if (before.kind !== "read-profile" || !target) return { kind: "resolved" };
  const provider = await getLinkedinProvider();

  let profile: MemberProfile;
  try {
    profile = await provider.getProfile(sender.providerAccountId, target);
  } catch (error) {
    return handleProviderError(error, { campaignLead, sender, step, journalId: null, actionId: null });
  }
  const refreshed = await upsertLeadFromProfile(campaign.workspaceId, profile, lead.source);
  const fresh = { ...context, campaignLead: { ...campaignLead, lead: refreshed } };
  const read = { ...facts, profile: profileFacts(profile) };
  let decision: StepDecision;
  let post: PostSummary | null;
  try {
    ({ decision, post } = await decideWithRecentPost(provider, { senderAccountId: sender.providerAccountId, memberId: profile.memberId }, read));
  } catch (error) {
    return handleProviderError(error, { campaignLead, sender, step, journalId: null, actionId: null });
  }

  switch (decision.kind) {
    case "fail":
      return failLead(fresh.campaignLead, step, decision.message, decision.variantId);
    case "skip":
      return resolveWithout(fresh.campaignLead, sequence, step, null, decision.detail);
    case "capped":
      return { kind: "capped" };
    case "await-approval":
      await waitForDecision(campaignLead.id, step);
      return { kind: "resolved" };
    case "act": {
      const payload = draft.state === "approved" ? await payloadOfApproved(step, draft.row) : await recordingPayload(step, decision.variant, sender.id);
      if (payload === "unreachable") {
        await postpone(campaignLead, new Date(now().getTime() + DRAFT_FAILED_RETRY_MS));
        return { kind: "resolved" };
      }
      if (!payload) return failLead(fresh.campaignLead, step, MISSING_AUDIO, decision.variant.id);
      return sendDraftedStep({ ...fresh, variant: decision.variant, action: decision.action, memberId: profile.memberId, payload });
    }
    case "draft": {
      const made = await makeStepDraft({ campaign, campaignLead: fresh.campaignLead, sender, step, variant: decision.variant, post });
      if (!made.ok) {
        // A script the speech provider will never take fails the lead with the reason; anything else is tried again later.
        if (made.reason === "input-too-long") return failLead(fresh.campaignLead, step, made.message, decision.variant.id);
        await postpone(campaignLead, new Date(now().getTime() + (made.reason === "insufficient-credits" ? NO_CREDITS_RETRY_MS : DRAFT_FAILED_RETRY_MS)));
        return { kind: "resolved" };
      }
      if (decision.approval) {
        try {
          await holdDraftForApproval({ campaign, campaignLead: fresh.campaignLead, sender, step, variant: decision.variant, draft: made.value });
        } catch (error) {
          if (!(error instanceof LeadMovedOn)) throw error;
          await discardStepDraft({ workspaceId: campaign.workspaceId, campaignLeadId: campaignLead.id, stepId: step.id, draft: made.value });
          return { kind: "resolved" };
        }
        return { kind: "acted" };
      }
      const payload = await payloadOfDraft(made.value);
      if (!payload) return failLead(fresh.campaignLead, step, MISSING_AUDIO, decision.variant.id);
      const notSent = () => discardStepDraft({ workspaceId: campaign.workspaceId, campaignLeadId: campaignLead.id, stepId: step.id, draft: made.value });
      return sendDraftedStep({ ...fresh, variant: decision.variant, action: decision.action, memberId: profile.memberId, payload, notSent });
    }
    default:
      return { kind: "resolved" };
  }
}

/**
 * A lead ready on a step whose draft still waits: it waits with it. The draft was read before the
 * profile, so it is read again under the lead's lock (which a decision takes first): a draft decided
 * meanwhile found the lead not yet waiting and did not release it, so the lead must stay ready for
 * its next turn to carry the decision out, not wait for a decision already made.
 */
async function waitForDecision(campaignLeadId: string, step: WiredStep): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockCampaignLead(tx, campaignLeadId);
    const where = { campaignLeadId, stepId: step.id, status: "pending", campaignLead: { currentStepId: step.id } };
    const stillPending = step.type === "comment_post" ? await tx.pendingComment.count({ where }) : await tx.pendingVoiceNote.count({ where });
    if (stillPending) await moveCampaignLead(tx, campaignLeadId, { phase: "approval", waitUntil: null });
  });
}

/** A recording sent without approval, fetched from the step's URL ("unreachable" when it cannot be fetched now). */
async function recordingPayload(step: WiredStep, variant: StepFacts["step"]["config"]["variants"][number], senderId: string): Promise<DraftedPayload | "unreachable" | null> {
  const recording = recordingFor(step, variant, senderId);
  if (!recording) return null;
  try {
    return { kind: "voice", voiceNote: await fetchVoice(recording) };
  } catch {
    return "unreachable";
  }
}
