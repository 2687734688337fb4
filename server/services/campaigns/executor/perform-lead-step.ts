// Carries out one lead's current step with its sender: read the profile, write the intent (the
// journal row and the sender action, within the caps), act on LinkedIn, record the outcome. The
// journal's unique (lead, step) key means a step happens at most once per lead; a crash between
// acting and recording leaves the intent `sending`, which the sender's next turn reconciles with
// LinkedIn.
import { db, Prisma } from "../../../db/client";
import type { DoNotContactMatch } from "../../../domain/do-not-contact/entries";
import type { Campaign, CampaignLead, Lead, LinkedinAccount } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import { isHeraldError } from "../../../lib/errors";
import { logger } from "../../../lib/logger";
import { getLinkedinProvider } from "../../../providers/linkedin";
import { LinkedinProviderError, type MemberProfile, type PostSummary } from "../../../providers/linkedin/types";
import { DRAFTED_STEPS, type WiredSequence, type WiredStep } from "../../../schemas/sequence";
import { reserveStepAction, StepAlreadyJournaled } from "../../direct-actions/reserve-step-action";
import { withOutbox } from "../../events/with-outbox";
import { refreshLeadFromProfile } from "../../leads/upsert-lead-from-profile";
import type { WorkspaceLimits } from "../../senders/sender-capped-kinds";
import { pauseSenderById } from "../../senders/pause-sender";
import { isProviderError } from "../../senders/provider-error";
import { ALREADY_CONNECTED, NO_RECENT_POST_TO_LIKE, decideInmailUnable, decideStep, inmailSpendsCredit, profileFacts, type ProfileFacts, type StepDecision } from "../../../domain/sequence/decide-step";
import { renderCopy } from "../../../domain/sequence/render-copy";
import { inviteNote } from "../../../domain/sequence/ai-lines";
import { copySeed, fieldSeed } from "../../../domain/sequence/spintax";
import { mergeFields } from "../lead-merge-fields";
import { aiLineSource } from "../ai-lines/ai-line-source";
import { deferForAiLines, holdForAiLines, noteAiFallbacks } from "./hold-for-ai-lines";
import { resolveAiLines } from "../ai-lines/resolve-ai-lines";
import { placeAfter } from "../../../domain/sequence/step-timing";
import { decideWithRecentPost } from "./decide-with-recent-post";
import { UNREACHABLE_RETRY_MS } from "../../../domain/sequence/turn-policy";
import { fetchAttachment, fetchVoice } from "./fetch-attachment";
import { performDraftedStep } from "./perform-drafted-step";
import { recordStepSuccess, type SentDetails } from "./record-step-success";
import { coolDownSender, markSenderSessionProblem } from "./sender-availability";
import { failCampaignLeadOnStep, moveCampaignLead, placeCampaignLead } from "./settle-campaign-lead";

export type StepResult =
  /** The sender acted (or the step resolved without acting); the sender's turn is used. */
  | { kind: "acted" }
  /** The step resolved without touching LinkedIn (a skip, a failure); the sender may act on another lead. */
  | { kind: "resolved" }
  /** The step's action type is at its cap for this sender now. */
  | { kind: "capped" }
  /** The sender cannot act now (throttled, session lost, LinkedIn unreachable). */
  | { kind: "sender-unavailable" };

export type LeadInCampaign = CampaignLead & { lead: Lead };

/** The lead was stopped, paused or moved since the pass read it: leave it alone. */
export class LeadMovedOn extends Error {}


export async function failLead(campaignLead: LeadInCampaign, step: WiredStep, message: string, variantId?: string): Promise<StepResult> {
  await withOutbox((tx, emit) => failCampaignLeadOnStep(tx, emit, campaignLead, step, message, { variantId }));
  return { kind: "resolved" };
}

/** Resolves the step without acting (already connected, InMail skipped…) and moves the lead on. */
export async function resolveWithout(
  campaignLead: LeadInCampaign,
  sequence: WiredSequence,
  step: WiredStep,
  outcome: "yes" | "no" | null,
  detail: string,
  fields: Prisma.CampaignLeadUpdateInput = {},
): Promise<StepResult> {
  await withOutbox(async (tx, emit) => {
    await tx.campaignLeadStep.create({
      data: {
        campaignLeadId: campaignLead.id,
        campaignId: campaignLead.campaignId,
        stepId: step.id,
        stepType: step.type,
        status: "skipped",
        outcome,
        detail,
        startedAt: now(),
        finishedAt: now(),
      },
    });
    await placeCampaignLead(tx, emit, campaignLead, placeAfter(sequence, step, outcome, now()), fields);
  });
  return { kind: "resolved" };
}

/**
 * Forgets an intent that never reached LinkedIn, so the step can run again later. A lead that had
 * not started (no step journaled but this one) is pending again: writing the intent made it running.
 */
export async function dropIntent(journalId: string, actionId: string | null, campaignLeadId: string): Promise<void> {
  await db.$transaction([
    db.campaignLeadStep.deleteMany({ where: { id: journalId } }),
    ...(actionId ? [db.senderAction.deleteMany({ where: { id: actionId } })] : []),
    db.campaignLead.updateMany({ where: { id: campaignLeadId, status: "running", contacted: false, journal: { none: {} } }, data: { status: "pending" } }),
  ]);
}

export async function postpone(campaignLead: CampaignLead, until: Date): Promise<void> {
  await db.campaignLead.update({ where: { id: campaignLead.id }, data: { waitUntil: until, updatedAt: now() } });
}

/** The facts of a lead's step a turn knows before reading the profile. */
function stepFacts(campaignLead: LeadInCampaign, sender: LinkedinAccount, step: WiredStep, profile: ProfileFacts | null, listed: DoNotContactMatch | null) {
  return {
    step,
    campaignLeadId: campaignLead.id,
    at: now().getTime(),
    listed,
    holder: null,
    hasProfile: Boolean(campaignLead.lead.profileUrl ?? campaignLead.lead.publicIdentifier),
    profile,
    inmailBalance: sender.inmailBalance ?? 0,
    // The caps are checked when the action is reserved (a kind at its cap was left out of the turn).
    capped: false,
  };
}

export async function performLeadStep(input: {
  campaign: Campaign;
  sequence: WiredSequence;
  campaignLead: LeadInCampaign;
  sender: LinkedinAccount;
  step: WiredStep;
  /** The workspace's weekly limits (the turn read them with the sender). */
  workspace: WorkspaceLimits;
  /** The do-not-contact list's entry refusing the person (the turn read it with the candidates). */
  listed: DoNotContactMatch | null;
}): Promise<StepResult> {
  const { campaign, sequence, campaignLead, sender, step } = input;
  if (DRAFTED_STEPS.has(step.type)) return performDraftedStep(input);
  const lead = campaignLead.lead;
  const before = decideStep(stepFacts(campaignLead, sender, step, null, input.listed));
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
  // The turn read the lead with its campaign lead: no need to read it again before refreshing it.
  const refreshed = await refreshLeadFromProfile(lead, profile);
  const freshLead = { ...campaignLead, lead: refreshed };
  // A like needs the lead's latest recent post: it is read, then the step decided again (none skips it).
  let decision: StepDecision;
  let post: PostSummary | null;
  try {
    ({ decision, post } = await decideWithRecentPost(provider, { senderAccountId: sender.providerAccountId, memberId: profile.memberId }, stepFacts(campaignLead, sender, step, profileFacts(profile), input.listed)));
  } catch (error) {
    return handleProviderError(error, { campaignLead, sender, step, journalId: null, actionId: null });
  }
  if (decision.kind === "skip") return resolveWithout(freshLead, sequence, step, null, decision.detail);
  if (decision.kind !== "act") return carryOut(decision, { campaign, sequence, campaignLead: freshLead, sender, step });
  const { variant, action: actionType } = decision;
  // The step's AI lines before the intent: written once (charged), or the lead waits for their approval.
  const ai = await resolveAiLines({
    owner: { workspaceId: campaign.workspaceId, campaignId: campaign.id, campaignLeadId: campaignLead.id, leadId: refreshed.id, stepId: step.id, linkedinAccountId: sender.id },
    step,
    variant,
    spin: { seed: copySeed(campaignLead.id, step.id, variant.id) },
    source: async () => aiLineSource(refreshed, post ?? (await provider.listRecentPosts(sender.providerAccountId, profile.memberId, 1).catch(() => []))[0] ?? null, sender.fullName),
  });
  if (ai.kind === "await-approval") {
    await holdForAiLines(campaignLead.id, step.id, ai.lines);
    return { kind: "resolved" };
  }
  if (ai.kind === "later") {
    await deferForAiLines(campaignLead.id, step.id, ai.until);
    return { kind: "resolved" };
  }

  let journalId: string;
  let actionId: string;
  try {
    // The lead started (a lead stopped or paused since this pass read it is left alone), the intent
    // written and the caps checked: one statement (reserve-step-action.ts).
    const reserved = await reserveStepAction(
      sender,
      {
        type: actionType,
        source: "campaign",
        leadId: refreshed.id,
        campaignLeadId: campaignLead.id,
        stepId: step.id,
        variantId: variant.id,
        profileUrl: refreshed.profileUrl,
        publicIdentifier: refreshed.publicIdentifier,
        postUrl: post?.url ?? null,
        honourWeeklyBypass: false,
      },
      { campaignLeadId: campaignLead.id, campaignId: campaign.id, stepId: step.id, stepType: step.type, variantId: variant.id },
      input.workspace,
    );
    if (reserved.kind === "lead-moved-on") return { kind: "resolved" };
    // A cap refused it (another process reserved the sender's last action of the day since this turn began).
    if (reserved.kind === "capped") return { kind: "capped" };
    journalId = reserved.journalId;
    actionId = reserved.actionId;
  } catch (error) {
    if (error instanceof LeadMovedOn || error instanceof StepAlreadyJournaled) return { kind: "resolved" };
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return { kind: "resolved" };
    if (isHeraldError(error) && error.code === "invitation-pending") return { kind: "resolved" };
    throw error;
  }

  const fields = { ...mergeFields(refreshed, campaignLead), ...ai.fields };
  const seed = copySeed(campaignLead.id, step.id, variant.id);
  let sent: SentDetails;
  let noteDetail: string | null = null;
  try {
    if (step.type === "visit_profile") {
      await provider.visitProfile(sender.providerAccountId, profile.memberId);
      sent = { kind: "visit" };
    } else if (step.type === "like_post") {
      // decideStep acts on a like only once a recent post was read.
      if (!post) throw new LinkedinProviderError("no-recent-post", NO_RECENT_POST_TO_LIKE);
      await provider.reactToPost(sender.providerAccountId, post.postId);
      sent = { kind: "visit" };
    } else if (step.type === "follow") {
      await provider.followProfile(sender.providerAccountId, profile.memberId);
      sent = { kind: "visit" };
    } else if (step.type === "invite") {
      // A note its AI lines made too long for LinkedIn takes the fallback note (the reason on the journal).
      const fitted = sender.isPremium ? inviteNote(variant, fields, seed) : { note: null, detail: null };
      const note = fitted.note ?? undefined;
      noteDetail = fitted.detail;
      const invitation = await provider.sendInvitation(sender.providerAccountId, { memberId: profile.memberId, note });
      sent = { kind: "invitation", providerRef: invitation.invitationId, note: note ?? null };
    } else if (step.type === "message") {
      const text = renderCopy(variant.text, variant.fallbackText, fields, fieldSeed(seed, "text")).text;
      const attachments = await Promise.all((variant.attachments ?? []).map(fetchAttachment));
      const voiceNote = variant.voice ? await fetchVoice(variant.voice) : undefined;
      const message = await provider.sendMessage(sender.providerAccountId, { memberId: profile.memberId, text, attachments, voiceNote });
      sent = { kind: "message", chatId: message.chatId, messageId: message.messageId, text, at: message.sentAt };
    } else {
      const subject = renderCopy(variant.subject, variant.fallbackSubject, fields, fieldSeed(seed, "subject")).text;
      const text = renderCopy(variant.text, variant.fallbackText, fields, fieldSeed(seed, "text")).text;
      const attachments = await Promise.all((variant.attachments ?? []).map(fetchAttachment));
      const message = await provider.sendInmail(sender.providerAccountId, { memberId: profile.memberId, subject, text, attachments });
      sent = { kind: "inmail", chatId: message.chatId, messageId: message.messageId, text, at: message.sentAt, spentInmailCredit: inmailSpendsCredit(profile) };
    }
  } catch (error) {
    if (isProviderError(error) && error.code === "no-inmail-credits") {
      await dropIntent(journalId, actionId, campaignLead.id);
      // LinkedIn says the sender has no credits left: so does Herald from now on.
      await db.linkedinAccount.update({ where: { id: sender.id }, data: { inmailBalance: 0 } });
      const unable = decideInmailUnable(step, { outOfCredits: true, at: now().getTime() });
      return carryOut(unable, { campaign, sequence, campaignLead: freshLead, sender, step });
    }
    if (isProviderError(error) && error.code === "already-invited") {
      sent = { kind: "invitation", providerRef: null, note: null };
    } else if (isProviderError(error) && error.code === "already-connected") {
      await dropIntent(journalId, actionId, campaignLead.id);
      return resolveWithout(freshLead, sequence, step, "yes", ALREADY_CONNECTED, { invitationAccepted: true, invitationAcceptedAt: now() });
    } else {
      return handleProviderError(error, { campaignLead: freshLead, sender, step, journalId, actionId, variantId: variant.id });
    }
  }
  await recordStepSuccess({ campaign, sequence, campaignLead: freshLead, sender, step, journalId, actionId, sent });
  await noteAiFallbacks(campaignLead.id, step.id, ai.fallbacks, noteDetail);
  return { kind: "acted" };
}

/** Carries out a decision that does not act on LinkedIn. */
async function carryOut(
  decision: Exclude<StepDecision, { kind: "act" }>,
  context: { campaign: Campaign; sequence: WiredSequence; campaignLead: LeadInCampaign; sender: LinkedinAccount; step: WiredStep },
): Promise<StepResult> {
  const { campaign, sequence, campaignLead, sender, step } = context;
  switch (decision.kind) {
    case "fail":
      return failLead(campaignLead, step, decision.message, decision.variantId);
    case "resolve":
      return resolveWithout(campaignLead, sequence, step, decision.outcome, decision.detail, decision.accepted ? { invitationAccepted: true, invitationAcceptedAt: now() } : {});
    case "await-invitation":
      await withOutbox(async (tx) => {
        await tx.campaignLeadStep.create({
          data: { campaignLeadId: campaignLead.id, campaignId: campaign.id, stepId: step.id, stepType: step.type, status: "skipped", detail: decision.detail, startedAt: now(), finishedAt: now() },
        });
        await moveCampaignLead(tx, campaignLead.id, { phase: "waiting", invitationSentAt: now(), waitUntil: new Date(decision.waitUntil) });
      });
      return { kind: "resolved" };
    case "pause-sender":
      await pauseSenderById(sender.workspaceId, sender.id, decision.reason);
      await postpone(campaignLead, new Date(decision.retryAt));
      return { kind: "sender-unavailable" };
    case "capped":
      return { kind: "capped" };
    default:
      return { kind: "resolved" };
  }
}

export async function handleProviderError(
  error: unknown,
  context: { campaignLead: LeadInCampaign; sender: LinkedinAccount; step: WiredStep; journalId: string | null; actionId: string | null; variantId?: string },
): Promise<StepResult> {
  if (!isProviderError(error)) {
    // An unexpected failure: the step may or may not have reached LinkedIn; the next pass
    // reconciles the intent (if one was written) before anything is sent again.
    logger.error("Campaign step failed unexpectedly", { campaignLeadId: context.campaignLead.id, stepId: context.step.id, error });
    return { kind: "sender-unavailable" };
  }
  const providerError = error as LinkedinProviderError;
  const drop = async () => {
    if (context.journalId) await dropIntent(context.journalId, context.actionId, context.campaignLead.id);
  };
  switch (providerError.code) {
    case "throttled":
    case "network-limit-reached":
    case "rate-limited": {
      await drop();
      const until = await coolDownSender(context.sender, providerError.retryAfterSeconds, providerError.message);
      await postpone(context.campaignLead, until);
      return { kind: "sender-unavailable" };
    }
    case "session-expired":
    case "account-restricted":
      await drop();
      await markSenderSessionProblem(context.sender, providerError.code, providerError.message);
      return { kind: "sender-unavailable" };
    case "provider-timeout":
    case "provider-unreachable":
      // Unknown whether it happened: keep the intent for the next pass to reconcile.
      if (!context.journalId) await postpone(context.campaignLead, new Date(now().getTime() + UNREACHABLE_RETRY_MS));
      return { kind: "sender-unavailable" };
    default:
      if (context.actionId) {
        await db.senderAction.update({
          where: { id: context.actionId },
          data: { status: "failed", error: providerError.message, openInvitationKey: null, updatedAt: now() },
        });
      }
      return failLead(context.campaignLead, context.step, providerError.message, context.variantId);
  }
}
