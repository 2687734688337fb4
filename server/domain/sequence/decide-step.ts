// What a lead's current action step does when its sender's turn reaches it, given the facts the
// caller gathered: another campaign holding the lead, the lead's LinkedIn profile (what LinkedIn
// says of the connection, a pending invitation, an open profile), the sender's InMail credits and
// caps. The executor reads the facts from the database and LinkedIn and carries out the decision;
// the forecast reads them from its simulated world. Pure.
import { NEEDS_CONNECTION, NOT_YET_AVAILABLE, STEP_LABELS, type WiredStep } from "../../schemas/sequence";
import { chooseVariant } from "./choose-variant";
import { acceptanceWindowMs } from "./step-timing";
import { HELD_RETRY_MS, SENDER_PAUSED_RETRY_MS } from "./turn-policy";

export type Variant = WiredStep["config"]["variants"][number];
/** The sender action a step takes (what counts against the caps). */
export type StepAction = "profile_view" | "invitation" | "message" | "inmail" | "voice_note";

const ACTION_OF: Partial<Record<WiredStep["type"], StepAction>> = {
  visit_profile: "profile_view",
  invite: "invitation",
  message: "message",
  inmail: "inmail",
};

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
  /** Act: the sender takes `action` with `variant`. */
  | { kind: "act"; action: StepAction; variant: Variant };

export const ALREADY_CONNECTED = "Already connected";
export const INVITATION_ALREADY_PENDING = "An invitation was already pending";
export const INMAIL_SKIPPED = "InMail could not be sent; continued on the no-reply branch";
export const NO_PROFILE = "This lead has no LinkedIn profile (it was added by e-mail only).";
export const MESSAGE_NEEDS_CONNECTION = "Messages need a connection: put the message below an invitation's accepted branch, or use an InMail.";

export function notYetAvailable(step: WiredStep): string {
  return `${STEP_LABELS[step.type]} steps are not available in this version of Herald yet.`;
}

/**
 * An InMail that cannot go out (no credits and not an open profile, or LinkedIn says no credits),
 * per the step's whenUnable: `pause` pauses the sender, `skip` continues on the no branch, `auto`
 * pauses the sender when it is out of credits and continues otherwise.
 */
export function decideInmailUnable(step: WiredStep, input: { outOfCredits: boolean; at: number }): Extract<StepDecision, { kind: "pause-sender" | "resolve" }> {
  const rule = step.config.whenUnable ?? "auto";
  if (rule === "pause" || (rule === "auto" && input.outOfCredits)) return { kind: "pause-sender", reason: "no-inmail-credits", retryAt: input.at + SENDER_PAUSED_RETRY_MS };
  return { kind: "resolve", outcome: "no", detail: INMAIL_SKIPPED, accepted: false };
}

export function decideStep(facts: StepFacts): StepDecision {
  const { step } = facts;
  if (facts.holder) return { kind: "held", holder: facts.holder, retryAt: facts.at + HELD_RETRY_MS };
  if (NOT_YET_AVAILABLE.has(step.type)) return { kind: "fail", message: notYetAvailable(step) };
  const action = ACTION_OF[step.type];
  if (!action) return { kind: "none" };
  if (!facts.hasProfile) return { kind: "fail", message: NO_PROFILE };
  const profile = facts.profile;
  if (!profile) return { kind: "read-profile" };
  const variant = chooseVariant(step.config.variants, facts.campaignLeadId, step.id);
  if (step.type === "invite") {
    if (profile.connected) return { kind: "resolve", outcome: "yes", detail: ALREADY_CONNECTED, accepted: true };
    if (profile.invitationPending) return { kind: "await-invitation", detail: INVITATION_ALREADY_PENDING, waitUntil: facts.at + acceptanceWindowMs(step) };
  }
  if (NEEDS_CONNECTION.has(step.type) && !profile.connected) return { kind: "fail", message: MESSAGE_NEEDS_CONNECTION, variantId: variant.id };
  if (step.type === "inmail" && !profile.openProfile && facts.inmailBalance <= 0) return decideInmailUnable(step, { outOfCredits: true, at: facts.at });
  if (facts.capped) return { kind: "capped" };
  return { kind: "act", action: variant.voice && step.type === "message" ? "voice_note" : action, variant };
}
