// What a lead's current e-mail step does when its mailbox's turn reaches it, given the facts the
// caller gathered: another campaign holding the lead, the lead's address and whether it may be
// written to, whether the campaign has a mailbox for it and the mailbox's daily limit, and the
// lead's earlier e-mail of the campaign (which a follow-up threads onto), and the lead's values for
// the placeholders (a step's whenValueMissing acts on one left empty). The executor reads the facts
// from the database; the forecast from its simulated world. Pure.
import type { DoNotContactMatch } from "../do-not-contact/entries";
import { verificationSkip, type StoredVerification } from "../verification/verification-policy";
import type { TCampaignVerification } from "../../schemas/verification";
import { DEFAULT_WHEN_VALUE_MISSING, type WiredSequence, type WiredStep } from "../../schemas/sequence";
import { blankPlaceholders } from "./blank-placeholders";
import { chooseStepVariant } from "./choose-variant";
import { decideHold, decideRefusal, type Holder, type Variant } from "./decide-step";
import { firstEmailAbove } from "./email-thread";
import { placeholderWords, type MergeFields } from "./render-copy";
import { copySeed, type CopySpin } from "./spintax";

/** The lead's latest e-mail in the thread of its first e-mail of this campaign (what a follow-up answers). */
export interface PreviousEmail {
  /** Its RFC 5322 Message-ID, with angle brackets. */
  messageId: string;
  /** Its References header, oldest first (the thread's first Message-ID first; empty for the first e-mail). */
  references: string[];
  subject: string;
}

export interface EmailStepFacts {
  /** The campaign's sequence (a follow-up sent without a thread borrows its first e-mail's subject). */
  sequence: WiredSequence;
  step: WiredStep;
  /** The campaign lead (its A/B variant is fixed by it). */
  campaignLeadId: string;
  at: number;
  /** The do-not-contact list's entry that refuses the person (null when none does). */
  listed: DoNotContactMatch | null;
  /** Another campaign holds the lead (null when none does, or the campaign excludes none). */
  holder: Holder | null;
  /** The lead's e-mail address, or null when it has none. */
  address: string | null;
  /** The address unsubscribed (Lead.emailOptOut). */
  optedOut: boolean;
  /** The address is known not to receive mail (a hard bounce; part 2 of the e-mail channel). */
  deadAddress: boolean;
  /** The address's stored verification (classified as for a campaign that targets companies), or null when none. */
  verification: StoredVerification | null;
  /** What the campaign does with addresses verification found invalid or risky (Campaign.verification). */
  verificationPolicy: TCampaignVerification;
  /** The address is to be verified before this e-mail (verification-due.ts); the forecast never verifies. */
  verificationDue: boolean;
  /** The campaign has a mailbox to send the lead's e-mail from. */
  hasMailbox: boolean;
  /** The mailbox reached its daily limit. */
  capped: boolean;
  /** The lead's earlier e-mail of this campaign, or null when this is its first. */
  previous: PreviousEmail | null;
  /** The lead's values for the placeholders. */
  fields: MergeFields;
}

/** How the e-mail sits in a thread: a reply to the lead's earlier e-mail, or null for a new thread. */
export interface EmailThread {
  inReplyTo: string;
  references: string[];
  subject: string;
}

export type EmailStepDecision =
  /** Another campaign holds the lead: record who, look again at `retryAt`; the turn goes on. */
  | { kind: "held"; holder: Holder; retryAt: number }
  /** The step resolves without an e-mail and the lead moves on its no branch. */
  | { kind: "resolve"; outcome: "no"; detail: string }
  /** The lead fails at this step. */
  | { kind: "fail"; message: string }
  /** Verify the address (and store the result), then decide again with it. */
  | { kind: "verify" }
  /** The mailbox reached its daily limit: its turn ends. */
  | { kind: "capped" }
  /** A placeholder would be left empty and the step holds such leads: the lead is paused with `reason`. */
  | { kind: "hold"; reason: string }
  /** Send `variant`, in `thread` (null: a new thread with the variant's own subject), the version of its spintax `spin` says. */
  | { kind: "act"; variant: Variant; thread: EmailThread | null; spin: CopySpin };

export const NO_EMAIL_ADDRESS = "This lead has no e-mail address: the e-mail step was skipped";
export const EMAIL_OPTED_OUT = "This lead unsubscribed from e-mails: the e-mail step was skipped";
export const EMAIL_ADDRESS_DEAD = "E-mails to this lead's address bounced: the e-mail step was skipped";
export const NO_MAILBOX = "The campaign has no mailbox to send e-mail from: add one in the campaign's settings.";

/** "company", "company and first name": the values a lead lacks, in words. */
function missingWords(names: readonly string[]): string {
  const words = names.map(placeholderWords);
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : words[0]!;
}

const placeholderList = (names: readonly string[]) => names.map((name) => `{{${name}}}`).join(", ");

const withoutFallback = (names: readonly string[]) => `${placeholderList(names)}, which ${names.length > 1 ? "have" : "has"} no fallback`;

/** Why a lead skipped an e-mail step whose copy would leave a placeholder empty. */
export function missingValueSkipped(names: readonly string[]): string {
  return `This lead has no ${missingWords(names)} for the e-mail's ${withoutFallback(names)}: the e-mail step was skipped`;
}

/** Why a lead is held at an e-mail step whose copy would leave a placeholder empty, and what to do. */
export function missingValueHeld(names: readonly string[]): string {
  return `Held before an e-mail: this lead has no ${missingWords(names)} for ${withoutFallback(names)}. Add the lead's ${missingWords(names)}, or a fallback like {{${names[0]}|…}} in the step, then resume the lead.`;
}

/**
 * The variant as it goes out, with the seed of its spintax: a follow-up without a subject of its
 * own, sent without a thread (the lead got no earlier e-mail, say the first one was skipped), takes
 * the first e-mail's subject, in the version the first e-mail has for the lead.
 */
export function variantToSend(sequence: WiredSequence, step: WiredStep, variant: Variant, campaignLeadId: string): { variant: Variant; spin: CopySpin } {
  const seed = copySeed(campaignLeadId, step.id, variant.id);
  if (variant.subject?.trim()) return { variant, spin: { seed } };
  const first = firstEmailAbove(new Map(sequence.steps.map((candidate) => [candidate.id, candidate])), step);
  if (!first) return { variant, spin: { seed } };
  const firstVariant = chooseStepVariant(first, campaignLeadId);
  return {
    variant: { ...variant, subject: firstVariant.subject, fallbackSubject: firstVariant.fallbackSubject },
    spin: { seed, subjectSeed: copySeed(campaignLeadId, first.id, firstVariant.id) },
  };
}

/** The subject of a reply: "Re: " before the subject, once. */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject : `Re: ${subject}`;
}

/** Where a follow-up sits: answering `previous`, its References the previous ones and the previous Message-ID. */
export function threadOnto(previous: PreviousEmail): EmailThread {
  return {
    inReplyTo: previous.messageId,
    references: [...previous.references.filter((id) => id !== previous.messageId), previous.messageId],
    subject: replySubject(previous.subject),
  };
}

/** The Message-ID of the thread's first e-mail: the chat id's last part and EmailMessage.threadRootId. */
export function threadRootOf(thread: EmailThread | null, messageId: string): string {
  return thread?.references[0] ?? messageId;
}

export function decideEmailStep(facts: EmailStepFacts): EmailStepDecision {
  const { step } = facts;
  const refused = decideRefusal(facts.listed);
  if (refused) return refused;
  const held = decideHold(facts.holder, facts.at);
  if (held) return held;
  // Skips come before the mailbox: a lead that cannot be e-mailed moves on even without one.
  if (!facts.address?.trim()) return { kind: "resolve", outcome: "no", detail: NO_EMAIL_ADDRESS };
  if (facts.optedOut) return { kind: "resolve", outcome: "no", detail: EMAIL_OPTED_OUT };
  if (facts.deadAddress) return { kind: "resolve", outcome: "no", detail: EMAIL_ADDRESS_DEAD };
  if (facts.verificationDue) return { kind: "verify" };
  const unverified = verificationSkip(facts.verification, facts.verificationPolicy);
  if (unverified) return { kind: "resolve", outcome: "no", detail: unverified };
  const chosen = chooseStepVariant(step, facts.campaignLeadId);
  const { variant, spin } = variantToSend(facts.sequence, step, chosen, facts.campaignLeadId);
  const thread = facts.previous && !step.config.newThread ? threadOnto(facts.previous) : null;
  const whenMissing = step.config.whenValueMissing ?? DEFAULT_WHEN_VALUE_MISSING;
  if (whenMissing !== "send") {
    // The subject counts only where it is the e-mail's own (a reply's is "Re: " of the first one's).
    const blank = blankPlaceholders("email", variant, facts.fields, thread !== null, spin);
    if (blank.length && whenMissing === "skip") return { kind: "resolve", outcome: "no", detail: missingValueSkipped(blank) };
    if (blank.length) return { kind: "hold", reason: missingValueHeld(blank) };
  }
  if (!facts.hasMailbox) return { kind: "fail", message: NO_MAILBOX };
  if (facts.capped) return { kind: "capped" };
  return { kind: "act", variant, thread, spin };
}
