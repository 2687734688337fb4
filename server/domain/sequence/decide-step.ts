// What a lead's current action step does when its sender's turn reaches it, given the facts the
// caller gathered: another campaign holding the lead, the lead's LinkedIn profile (what LinkedIn
// says of the connection, a pending invitation, an open profile), the sender's InMail credits and
// caps, and for the drafted kinds (comment, voice notes) where the draft stands, whether the
// campaign wants it approved, the lead's recent post and the sender's recording. The executor reads the facts from the database and LinkedIn and carries out the decision;
// the forecast reads them from its simulated world. Pure.
import { doNotContactRefusal, type DoNotContactMatch } from "../do-not-contact/entries";
import type { TCampaignApprovals } from "../../schemas/approvals";
import { DEFAULT_WHEN_UNABLE, DRAFTED_STEPS, NEEDS_CONNECTION, type StepType, type WiredStep } from "../../schemas/sequence";
import { chooseStepVariant } from "./choose-variant";
import { acceptanceWindowMs } from "./step-timing";
import { HELD_RETRY_MS, SENDER_PAUSED_RETRY_MS } from "./turn-policy";

export type Variant = WiredStep["config"]["variants"][number];
/** The sender action a step takes (what counts against the caps). */
export type StepAction = "profile_view" | "invitation" | "message" | "inmail" | "voice_note" | "comment" | "post_like" | "follow";

/** The sender action each action step takes (a message with a voice is sent as a voice_note, see decideStep). */
export const ACTION_OF_STEP: Partial<Record<WiredStep["type"], StepAction>> = {
  visit_profile: "profile_view",
  invite: "invitation",
  message: "message",
  inmail: "inmail",
  comment_post: "comment",
  ai_voice_note: "voice_note",
  voice_note: "voice_note",
  like_post: "post_like",
  follow: "follow",
};

/** Where a drafted step's draft stands for this lead: none made yet, waiting for a person, or approved. */
export type DraftState = "none" | "pending" | "approved";

/** Another campaign that has the same person running, per the lead's campaign's exclusions. */
export interface Holder {
  campaignId: string;
  campaignName: string;
  senderName: string | null;
}

/** What LinkedIn says of the lead, seen by the sender. */
export interface ProfileFacts {
  connected: boolean;
  invitationPending: boolean;
  openProfile: boolean;
}

export interface StepFacts {
  step: WiredStep;
  /** The campaign lead (its A/B variant is fixed by it). */
  campaignLeadId: string;
  at: number;
  /** The do-not-contact list's entry that refuses the person (null when none does). */
  listed: DoNotContactMatch | null;
  /** Another campaign holds the lead (null when none does, or the campaign excludes none). */
  holder: Holder | null;
  /** The lead has a LinkedIn profile to act on (leads added by e-mail alone have none). */
  hasProfile: boolean;
  /** The profile as the sender reads it now; null until it was read. */
  profile: ProfileFacts | null;
  /** The sender's InMail credits. */
  inmailBalance: number;
  /** The step's kind is at its cap for the sender now. */
  capped: boolean;
  /** Drafted kinds: the draft of this step for this lead ("none" when left out). */
  draft?: DraftState;
  /** Drafted kinds: the campaign wants this kind's drafts approved by a person first. */
  approvalRequired?: boolean;
  /** Comments and likes: whether the lead posted recently, once read; null (or left out) until read. */
  recentPost?: boolean | null;
  /** Recorded voice notes: the step has a recording for this sender. */
  hasRecording?: boolean;
}

export type StepDecision =
  /** Another campaign holds the lead: record who, look again at `retryAt`; the turn goes on. */
  | { kind: "held"; holder: Holder; retryAt: number }
  /** Not a step a turn acts on. */
  | { kind: "none" }
  /** The lead fails at this step. */
  | { kind: "fail"; message: string; variantId?: string }
  /** Read the lead's profile, then decide again with it. */
  | { kind: "read-profile" }
  /** The step resolves without acting (already connected; an InMail skipped) and the lead moves on the outcome's branch. */
  | { kind: "resolve"; outcome: "yes" | "no"; detail: string; accepted: boolean }
  /** An invitation is already pending: the lead waits for its answer without a new one being sent. */
  | { kind: "await-invitation"; detail: string; waitUntil: number }
  /** The InMail cannot go out and the sender is paused for it; the lead is looked at again at `retryAt`. */
  | { kind: "pause-sender"; reason: "no-inmail-credits"; retryAt: number }
  /** The step's kind is at its cap for the sender: the turn moves to other kinds. */
  | { kind: "capped" }
  /** Read the lead's recent posts (a comment or a like needs one), then decide again with what was found. */
  | { kind: "read-posts" }
  /** The step is skipped without acting (no outcome) and the lead moves on. */
  | { kind: "skip"; detail: string }
  /**
   * Make the step's draft (an AI comment, a spoken or copied voice note): it uses the sender's turn
   * (its human-like gap) but no cap. With `approval` the lead waits for a person; without, the
   * sender takes `action` with the draft at once.
   */
  | { kind: "draft"; action: StepAction; approval: boolean; variant: Variant }
  /** A draft waits for a person: nothing to do on a turn. */
  | { kind: "await-approval" }
  /** Act: the sender takes `action` with `variant` (for drafted kinds: the approved draft). */
  | { kind: "act"; action: StepAction; variant: Variant };

export const ALREADY_CONNECTED = "Already connected";
export const INVITATION_ALREADY_PENDING = "An invitation was already pending";
export const INMAIL_SKIPPED = "InMail could not be sent; continued on the no-reply branch";
export const NO_PROFILE = "This lead has no LinkedIn profile (it was added by e-mail only).";
export const MESSAGE_NEEDS_CONNECTION = "Messages need a connection: put the message below an invitation's accepted branch, or use an InMail.";
export const VOICE_NOTE_NEEDS_CONNECTION = "Voice notes need a connection: put the voice note below an invitation's accepted branch.";
export const NO_RECENT_POST = "No recent post to comment on";
export const NO_RECENT_POST_TO_LIKE = "No recent post to like";
export const NO_RECORDING = "This voice note step has no recording for this lead's sender: add one to the step, or a recording for this sender.";

/** What LinkedIn's profile says, as the sender reads it (the provider's MemberProfile, or the sandbox's). */
export interface ProfileReading {
  /** 1 is a first-degree connection; 2 and 3 are not connected; null when LinkedIn does not say. */
  connectionDegree: 1 | 2 | 3 | null;
  invitationPending: boolean;
  openProfile: boolean;
}

/** Whether the sender and the lead are connected: LinkedIn says first degree. The one definition of "connected". */
export function isConnected(profile: Pick<ProfileReading, "connectionDegree">): boolean {
  return profile.connectionDegree === 1;
}

/** The profile facts the decisions take, from what LinkedIn says. */
export function profileFacts(profile: ProfileReading): ProfileFacts {
  return { connected: isConnected(profile), invitationPending: profile.invitationPending, openProfile: profile.openProfile };
}

/** Whether an InMail to this lead spends one of the sender's credits: an open profile's InMails are free. */
export function inmailSpendsCredit(lead: { openProfile: boolean }): boolean {
  return !lead.openProfile;
}

/** Whether a drafted step's draft waits for a person before it goes out, per the campaign's approvals. */
export function draftNeedsApproval(approvals: TCampaignApprovals, stepType: StepType): boolean {
  if (stepType === "comment_post") return approvals.comments;
  return stepType === "ai_voice_note" ? approvals.aiVoiceNotes : approvals.recordedVoiceNotes;
}

/**
 * Whether the do-not-contact list refuses the person: a step towards them (any channel, a manual
 * task included) fails the lead with the reason, before anything else is decided (a hold, a read of
 * the profile). Steps that contact nobody (waits, conditions, finding an address) do not ask.
 */
export function decideRefusal(listed: DoNotContactMatch | null): { kind: "fail"; message: string } | null {
  return listed ? { kind: "fail", message: doNotContactRefusal(listed) } : null;
}

/**
 * Whether another campaign holds the lead (the lead's campaign excludes people running elsewhere):
 * the lead records who and is looked at again after HELD_RETRY_MS; null when nothing holds it.
 */
export function decideHold(holder: Holder | null, at: number): Extract<StepDecision, { kind: "held" }> | null {
  return holder ? { kind: "held", holder, retryAt: at + HELD_RETRY_MS } : null;
}

/** The recording a recorded voice note step sends for a sender: the sender's own (voiceAssignments), else the step's. */
export function recordingFor(step: WiredStep, variant: Variant, senderId: string): NonNullable<Variant["voice"]> | null {
  return step.config.voiceAssignments?.find((assignment) => assignment.linkedinAccountId === senderId)?.voice ?? variant.voice ?? null;
}

/**
 * An InMail that cannot go out (no credits and not an open profile, or LinkedIn says no credits),
 * per the step's whenUnable: `pause` pauses the sender, `skip` continues on the no branch, `auto`
 * pauses the sender when it is out of credits and continues otherwise.
 */
export function decideInmailUnable(step: WiredStep, input: { outOfCredits: boolean; at: number }): Extract<StepDecision, { kind: "pause-sender" | "resolve" }> {
  const rule = step.config.whenUnable ?? DEFAULT_WHEN_UNABLE;
  if (rule === "pause" || (rule === "auto" && input.outOfCredits)) return { kind: "pause-sender", reason: "no-inmail-credits", retryAt: input.at + SENDER_PAUSED_RETRY_MS };
  return { kind: "resolve", outcome: "no", detail: INMAIL_SKIPPED, accepted: false };
}

export function decideStep(facts: StepFacts): StepDecision {
  const { step } = facts;
  const action = ACTION_OF_STEP[step.type];
  if (!action) return { kind: "none" };
  const refused = decideRefusal(facts.listed);
  if (refused) return refused;
  const held = decideHold(facts.holder, facts.at);
  if (held) return held;
  if (!facts.hasProfile) return { kind: "fail", message: NO_PROFILE };
  const profile = facts.profile;
  if (!profile) return { kind: "read-profile" };
  const variant = chooseStepVariant(step, facts.campaignLeadId);
  if (step.type === "invite") {
    if (profile.connected) return { kind: "resolve", outcome: "yes", detail: ALREADY_CONNECTED, accepted: true };
    if (profile.invitationPending) return { kind: "await-invitation", detail: INVITATION_ALREADY_PENDING, waitUntil: facts.at + acceptanceWindowMs(step) };
  }
  if (NEEDS_CONNECTION.has(step.type) && !profile.connected) {
    return { kind: "fail", message: step.type === "message" ? MESSAGE_NEEDS_CONNECTION : VOICE_NOTE_NEEDS_CONNECTION, variantId: variant.id };
  }
  if (step.type === "inmail" && inmailSpendsCredit(profile) && facts.inmailBalance <= 0) return decideInmailUnable(step, { outOfCredits: true, at: facts.at });
  if (DRAFTED_STEPS.has(step.type)) return decideDrafted(facts, action, variant);
  if (facts.capped) return { kind: "capped" };
  if (step.type === "like_post") {
    // Within the cap first: a capped sender spends no read of the lead's posts.
    if (facts.recentPost === null || facts.recentPost === undefined) return { kind: "read-posts" };
    if (!facts.recentPost) return { kind: "skip", detail: NO_RECENT_POST_TO_LIKE };
  }
  return { kind: "act", action: variant.voice && step.type === "message" ? "voice_note" : action, variant };
}

/**
 * A drafted kind, once the lead is reachable: an approved draft is sent (within the cap); a pending
 * one waits; otherwise, within the cap (a draft is made only when it could be sent), a comment
 * needs a recent post (read first; none skips the step), a recorded note a recording (none fails
 * the lead), and the draft is made, for approval or to be sent at once. A recording sent without
 * approval needs no draft.
 */
function decideDrafted(facts: StepFacts, action: StepAction, variant: Variant): StepDecision {
  const { step } = facts;
  const draft = facts.draft ?? "none";
  if (draft === "pending") return { kind: "await-approval" };
  if (facts.capped) return { kind: "capped" };
  if (draft === "approved") return { kind: "act", action, variant };
  if (step.type === "comment_post") {
    if (facts.recentPost === null || facts.recentPost === undefined) return { kind: "read-posts" };
    if (!facts.recentPost) return { kind: "skip", detail: NO_RECENT_POST };
  }
  if (step.type === "voice_note") {
    if (!facts.hasRecording) return { kind: "fail", message: NO_RECORDING, variantId: variant.id };
    if (!facts.approvalRequired) return { kind: "act", action, variant };
  }
  return { kind: "draft", action, approval: Boolean(facts.approvalRequired), variant };
}
