// The forecast simulator's inputs and outputs: campaigns, senders and leads as the simulation
// sees them, the outcome model that says what prospects do, and what the simulation reports.
import type { DoNotContactMatch } from "../../../domain/do-not-contact/entries";
import type { StoredVerification } from "../../../domain/verification/verification-policy";
import type { TCampaignVerification } from "../../../schemas/verification";
import type { TDailyCaps } from "../../../schemas/sender";
import type { StepType, WiredSequence } from "../../../schemas/sequence";
import type { Schedule } from "../../../domain/sequence/schedule";
import type { EmailOutcome } from "../../../providers/mail/types";
import type { TCampaignApprovals } from "../../../schemas/approvals";
import type { WarmupCapFacts } from "../../../domain/mail/warmup-ramp";
import type { MergeFields } from "../../../domain/sequence/render-copy";
import type { SentEmailActivity } from "../../../domain/sequence/decide-email-activity";

/** One of a lead's e-mails and what Herald recorded of it, by the EmailMessage id (or the simulation's own for e-mails it sends). */
export type SimSentEmail = SentEmailActivity & { emailId: string };

export type LeadStatus = "pending" | "running" | "done" | "failed" | "paused" | "replied" | "stopped";
export type ActionKind = "invitations" | "messages" | "inmails" | "profileViews";

export interface SimSender {
  id: string;
  timezone: string;
  daily: TDailyCaps;
  weeklyInvitations: number;
  /** Usage already counted today and this week (in the sender's timezone) at the start. */
  usedToday: Partial<TDailyCaps>;
  usedThisWeek: number;
  nextActionAt: number | null;
  actionCount: number;
  /** Connected, active and not paused. */
  available: boolean;
  cooldownUntil: number | null;
  inmailBalance: number;
}

/** A mailbox in the simulation: it sends the e-mail steps of the leads pinned to it. */
export interface SimMailbox {
  id: string;
  /** Its zone: the daily limit is counted per day there. */
  timezone: string;
  dailyLimit: number;
  /** Campaign e-mails already counted today (in its zone) at the start. */
  usedToday: number;
  nextSendAt: number | null;
  /** Campaign e-mails sent so far (Mailbox.campaignSendCount): seeds the gap after each one. */
  sendCount: number;
  /** Connected and not paused. */
  available: boolean;
  /** The mailbox's own tracking switches (a campaign's tracking applies where its mailbox's is on too); on when left out. */
  trackOpens?: boolean;
  trackClicks?: boolean;
  /** Its signature, added to every e-mail (its links count as the e-mail's). */
  signature?: string | null;
  /** Its e-mails that count for its bounce and complaint rates when the forecast starts (decideMailboxPause's window), oldest first. */
  recentSends?: SentEmailMark[];
  /** When it was last paused: its rates count from then. */
  pausedAt?: number | null;
  /** Its warmup as the campaign cap reads it (hold, ramp): each simulated day's limit is warmupCampaignCap of it. */
  warmup?: WarmupCapFacts | null;
}

/** One e-mail a mailbox sent, for its bounce and complaint rates. */
export interface SentEmailMark {
  /** The EmailMessage's id, for e-mails sent before the forecast (what comes back about them is matched to it). */
  emailId?: string;
  at: number;
  /** It bounced hard (or softly once too often): EmailMessage.bounceKind `hard`. */
  hard: boolean;
  complained: boolean;
}

/**
 * What a recipient does with one e-mail (null: never): opens and clicks are reported where tracked;
 * a reply ends the lead, a bounce fails it or sends the step again, a complaint stops it (the
 * executor reads them from the mailbox: server/services/mail/inbound). Auto-replies change nothing.
 * Left out: nothing of that kind.
 */
export type SimEmailOutcome = Pick<EmailOutcome, "openAt" | "clickAt"> & Partial<Omit<EmailOutcome, "openAt" | "clickAt">>;

export interface EmailOutcomeModel {
  kind: "provider" | "rates";
  /** `nth`: how many e-mails the mailbox sent to the address before this one (a step sent again after a soft bounce counts). */
  plan(input: { mailboxId: string; toAddress: string; nth: number; sentAt: number; hasLinks: boolean }): SimEmailOutcome;
}

export interface SimCampaign {
  id: string;
  schedule: Schedule;
  sequence: WiredSequence;
  active: boolean;
  /** The mailbox pool: a mailbox sends for the campaigns whose pool holds it. */
  mailboxIds?: string[];
  /** Open and click tracking of its e-mails: only tracked opens and clicks are reported. */
  tracking?: { opens: boolean; clicks: boolean };
  /** For the holder of a lead another campaign excludes. */
  name?: string;
  /** The campaign's exclusions: its leads wait while another campaign runs the same person (any sender, or the same sender). */
  excludeOtherCampaigns?: boolean;
  excludeSameSenderOtherCampaigns?: boolean;
  /** Which drafts wait for a person's approval (the campaign's defaults when left out); approvers are assumed to approve at once. */
  approvals?: TCampaignApprovals;
  /** What the campaign does with addresses verification found invalid or risky (the defaults when left out). */
  verification?: TCampaignVerification;
}

/** A campaign lead outside the simulation that runs a person the simulated campaigns may exclude (it is assumed to keep running). */
export interface SimOutsideHolder {
  personId: string;
  campaignId: string;
  campaignName: string;
  senderId: string | null;
  senderName: string | null;
}

export interface SimLead {
  id: string;
  /** Insertion order: the executor's tie-break between leads due at the same moment. */
  seq: number;
  campaignId: string;
  senderId: string | null;
  status: LeadStatus;
  phase: "ready" | "waiting";
  stepId: string | null;
  waitUntil: number | null;
  invitationAccepted: boolean;
  openProfile: boolean;
  /** A LinkedIn profile to act on (leads added by e-mail alone have none). */
  hasProfile: boolean;
  /** The person (Lead id), shared by their leads in several campaigns; the campaign lead's id when unknown. */
  personId?: string;
  /** Waiting at an invitation: whether Herald sent it for this lead (false when one was already pending); true when unknown. */
  invitationSent?: boolean;
  /** An action of its campaign reached the lead on LinkedIn (CampaignLead.contacted): its next steps are follow-ups. */
  contacted?: boolean;
  /** The mailbox that sends the lead's e-mails. */
  mailboxId?: string | null;
  /** The lead's e-mail address, and whether it unsubscribed (e-mail steps skip it then). */
  email?: string | null;
  emailOptOut?: boolean;
  /** The do-not-contact list's entry refusing the person when the forecast began (none when left out). */
  listed?: DoNotContactMatch | null;
  /** The address's stored verification when the forecast began (none when left out: the e-mail goes out). */
  verification?: StoredVerification | null;
  /** The lead got an e-mail of this campaign (CampaignLead.emailContacted): a follow-up is a reply in its thread, and goes first in its mailbox's turn. */
  emailContacted?: boolean;
  /**
   * For a lead without an address whose sequence has a find_email step: the address the finder
   * answered when the forecast began (null: none found; left out: not looked up, counts as none),
   * and whether the workspace unsubscribed that address (the executor carries that onto the lead).
   */
  foundEmail?: string | null;
  foundEmailOptedOut?: boolean;
  /** The lead's values for the placeholders (an e-mail step may skip or hold a lead lacking one); none when left out. */
  fields?: MergeFields;
  /** The lead's e-mails of its campaign sent before the forecast, with the opens and clicks recorded so far (the e-mail activity conditions read them); none when left out. */
  sentEmails?: SimSentEmail[];
  /** Soft bounces of the lead's e-mails so far (CampaignLead.softBounces); 0 when left out. */
  softBounces?: number;
  /**
   * The current step's draft (comment, voice note) is approved, or waits for approval, which the
   * forecast assumes is granted at once: the sender's next turn sends it.
   */
  draftApproved?: boolean;
  /** The step whose AI lines waited for approval once (held, then taken as approved at once: ai-lines.ts forecastAiLines). */
  aiApprovedStepId?: string;
  /** Waiting at a manual task already in the Tasks queue when the forecast starts (its journal row written). */
  taskOpen?: boolean;
}

/** What prospects do: acceptances and replies, and whether a lead is connected to a sender. */
export interface OutcomeModel {
  kind: "sandbox" | "rates";
  isConnected(senderId: string, lead: SimLead): boolean;
  /** An invitation goes out at `at`: when it will be accepted, or null. */
  invitationSent(senderId: string, lead: SimLead, at: number): number | null;
  invitationWithdrawn(senderId: string, lead: SimLead): void;
  /** A message or InMail goes out at `at`: when the prospect will reply, or null. */
  messageSent(senderId: string, lead: SimLead, kind: "message" | "inmail", at: number): number | null;
  /** Answers to actions sent before the forecast started, already decided. */
  initialEvents(senderId: string, lead: SimLead): Array<{ kind: "accept" | "reply"; at: number }>;
  accepted(senderId: string, lead: SimLead): void;
  /**
   * Whether the lead has a post recent enough to comment on at `at`, as the executor reads it before
   * drafting a comment; left out: yes.
   */
  hasRecentPost?(lead: SimLead, at: number): boolean;
  /**
   * Whether the lead's profile is open, when the network says so (the executor reads the profile
   * before acting and checking conditions; Herald's own record may not know it yet).
   */
  openProfile?(lead: SimLead): boolean | undefined;
}

export interface SimStepRecord {
  stepId: string;
  type: StepType;
  at: number;
  outcome: "yes" | "no" | null;
  acted: boolean;
}

export interface SimLeadResult {
  /** Where the lead stands when the simulation ends. */
  status: LeadStatus;
  firstActionAt: number | null;
  endsAt: number | null;
  steps: SimStepRecord[];
}

export interface SimulationResult {
  /** Per lead id. */
  leads: Map<string, SimLeadResult>;
  /** Actions per sender per calendar day, keyed `${campaignId}|${date}|${senderId}`; the date is in the campaign's timezone. */
  actions: Map<string, Record<ActionKind, number>>;
  /** Campaign e-mails per mailbox per calendar day, keyed `${campaignId}|${date}|${mailboxId}` as `actions`. */
  emails: Map<string, number>;
  /** E-mails of the reported campaigns seen opened (or clicked) and clicked within the horizon, where tracked. */
  emailsOpened: number;
  emailsClicked: number;
  accepted: Set<string>;
  replied: Set<string>;
  /** The simulated moment the last pass ran. */
  endedAt: number;
}
