// The forecast's in-memory world: the campaigns, leads and senders being simulated, what has
// happened to each lead so far (its steps, for the report), the queue of due leads and of the
// network's answers, and the lead transitions (place on the next step, come to rest). The sender
// turns (sim-turn.ts), due waits (sim-waits.ts) and answers (sim-events.ts) move the world forward
// with the decision core's rules.
import { decideMailboxPause, MAILBOX_RATE_WINDOW_MS, type MailboxRateLimits } from "../../../domain/mail/decide-mailbox-pause";
import { exclusionScope, holdsLead } from "../../../domain/sequence/exclusions";
import { placeAfter } from "../../../domain/sequence/step-timing";
import { firstStep } from "../../../domain/sequence/wire-sequence";
import { zonedDateString } from "../../../lib/time-zones";
import type { WiredStep } from "../../../schemas/sequence";
import { MinHeap } from "./min-heap";
import { mailboxState, type MailboxState } from "./sim-mailboxes";
import { dueFirst, senderState, turnFirst, type DueEntry, type SenderState } from "./sim-senders";
import type { ActionKind, EmailOutcomeModel, LeadStatus, OutcomeModel, SentEmailMark, SimCampaign, SimLead, SimLeadResult, SimMailbox, SimOutsideHolder, SimSender, SimSentEmail, SimStepRecord } from "./simulation-types";
import { recordedActivity } from "../../../domain/mail/tracked-activity";

/** An answer from LinkedIn: an acceptance or a reply. */
export interface LinkedinEvent {
  at: number;
  kind: "accept" | "reply";
  leadId: string;
  senderId: string;
  /** For an acceptance: the invitation round it answers (a withdrawn invitation's answer never comes). */
  version: number;
}

/** What came back about a campaign e-mail: a reply, a bounce or a spam complaint to its mailbox, or a recorded open or click (sim-email-events.ts). */
export interface EmailEvent {
  at: number;
  kind: "email-reply" | "email-bounce" | "email-complaint" | "email-open" | "email-click";
  /** The campaign lead the e-mail went to, by its step. */
  leadId: string;
  stepId: string;
  mailboxId: string;
  /** Lower-cased. */
  address: string;
  /** For a bounce. */
  severity?: "hard" | "soft";
  /** The e-mail, as its mailbox's rates count it (an EmailMessage id for e-mails sent before the forecast). */
  emailId?: string;
}

export type QueuedEvent = LinkedinEvent | EmailEvent;

export interface SimInput {
  start: number;
  end: number;
  campaigns: SimCampaign[];
  senders: SimSender[];
  /** The mailboxes of the simulated campaigns' pools and leads. */
  mailboxes?: SimMailbox[];
  leads: SimLead[];
  model: OutcomeModel;
  /** When e-mails are opened and clicked; without it none are reported. */
  emailModel?: EmailOutcomeModel;
  /** E-mails each mailbox sent to each address before the start (the outcome model counts them). */
  emailsBefore?: Array<{ mailboxId: string; address: string; count: number }>;
  /** Replies, bounces, complaints, opens and clicks still to come about e-mails sent before the start. */
  emailEventsBefore?: EmailEvent[];
  /** The workspace's dead addresses (DeadEmailAddress), lower-cased: e-mail steps skip them. */
  deadAddresses?: string[];
  /** The rates past which a mailbox pauses itself (decideMailboxPause); without them none does. */
  mailboxRateLimits?: MailboxRateLimits;
  /** The workspace's optOutStopsLinkedin: a spam complaint stops the whole lead (true when left out). */
  optOutStopsLinkedin?: boolean;
  /** Campaigns whose leads and actions are reported (others only compete for the senders). */
  reportCampaignIds: ReadonlySet<string>;
  /** Leads of campaigns outside the simulation that hold people the simulated campaigns exclude. */
  outsideHolders?: SimOutsideHolder[];
  /** Invitations pending between a sender and a person when the forecast starts. */
  pendingInvitations?: Array<{ senderId: string; personId: string }>;
}

export const personOf = (lead: SimLead) => lead.personId ?? lead.id;
/** The lead's address as the executor compares it (lower-cased), "" without one. */
export const addressOf = (lead: SimLead) => (lead.email ?? "").trim().toLowerCase();
const pairKey = (senderId: string, personId: string) => `${senderId}>${personId}`;

export class SimWorld {
  readonly model: OutcomeModel;
  readonly campaigns: Map<string, SimCampaign>;
  private readonly stepsOf: Map<string, Map<string, WiredStep>>;
  readonly leads: Map<string, SimLead>;
  readonly senders: Map<string, SenderState>;
  readonly mailboxes: Map<string, MailboxState>;
  private readonly versions = new Map<string, number>();
  readonly results = new Map<string, SimLeadResult>();
  readonly actions = new Map<string, Record<ActionKind, number>>();
  readonly emails = new Map<string, number>();
  readonly emailModel: EmailOutcomeModel | undefined;
  readonly end: number;
  emailsOpened = 0;
  emailsClicked = 0;
  /** E-mails each mailbox sent to each address so far, keyed `${mailboxId}>${address}`. */
  private readonly sentTo = new Map<string, number>();
  /** Addresses no e-mail step writes to any more (hard bounces), lower-cased. */
  readonly deadAddresses: Set<string>;
  /** Addresses the forecast's complaints and hard bounces put on the do-not-contact list, lower-cased (sim-listed.ts). */
  readonly listedAddresses = new Set<string>();
  readonly mailboxRateLimits: MailboxRateLimits | undefined;
  readonly optOutStopsLinkedin: boolean;
  /** Each lead's e-mails of its campaign, with what Herald recorded of them so far. */
  readonly sentEmails = new Map<string, SimSentEmail[]>();
  /** Leads at a manual task made this pass, done by a person right after it (sim-waits.ts finishTasks). */
  readonly tasksOpen: string[] = [];
  /** Leads' e-mail steps to be sent again after a soft bounce, `${leadId}|${stepId}`. */
  private readonly retrying = new Set<string>();
  /** Each mailbox's e-mails for its bounce and complaint rates, and each e-mail's by its id. */
  private readonly sendsOf = new Map<string, SentEmailMark[]>();
  private readonly sendById = new Map<string, SentEmailMark>();
  readonly accepted = new Set<string>();
  readonly replied = new Set<string>();
  /** Leads by when they fall due (a lead's older entries are stale once its version moved on). */
  readonly due = new MinHeap<DueEntry>(dueFirst);
  readonly events = new MinHeap<QueuedEvent>((a, b) => a.at < b.at);
  /** Due e-mail steps of leads without a mailbox, settled by the core while their campaign's schedule is open. */
  readonly unmailed = new MinHeap<DueEntry>(turnFirst);
  /** Each invitation a lead gets is a round; withdrawing one ends its round, so its acceptance never comes. */
  readonly invitationRound = new Map<string, number>();
  /** Leads waiting at an invitation Herald sent for them (only those are withdrawn). */
  readonly invitationSent = new Set<string>();
  /** Invitations pending between a sender and a person. */
  private readonly pendingInvitations: Set<string>;
  /** The simulated leads of each person, across campaigns. */
  readonly leadsOfPerson = new Map<string, SimLead[]>();
  private readonly outsideHolders: Map<string, SimOutsideHolder[]>;
  private readonly reportCampaignIds: ReadonlySet<string>;

  constructor(input: SimInput) {
    this.model = input.model;
    this.emailModel = input.emailModel;
    this.end = input.end;
    for (const before of input.emailsBefore ?? []) this.sentTo.set(`${before.mailboxId}>${before.address}`, before.count);
    this.deadAddresses = new Set((input.deadAddresses ?? []).map((address) => address.trim().toLowerCase()));
    this.mailboxRateLimits = input.mailboxRateLimits;
    this.optOutStopsLinkedin = input.optOutStopsLinkedin ?? true;
    for (const mailbox of input.mailboxes ?? []) {
      const sends = (mailbox.recentSends ?? []).map((send) => ({ ...send }));
      this.sendsOf.set(mailbox.id, sends);
      for (const send of sends) if (send.emailId) this.sendById.set(send.emailId, send);
    }
    for (const event of input.emailEventsBefore ?? []) this.events.push(event);
    this.reportCampaignIds = input.reportCampaignIds;
    this.campaigns = new Map(input.campaigns.map((campaign) => [campaign.id, campaign]));
    this.stepsOf = new Map(input.campaigns.map((campaign) => [campaign.id, new Map(campaign.sequence.steps.map((step) => [step.id, step]))]));
    this.leads = new Map(input.leads.map((lead) => [lead.id, { ...lead }]));
    this.senders = new Map(input.senders.map((sender) => [sender.id, senderState(sender, input.start)]));
    this.mailboxes = new Map((input.mailboxes ?? []).map((mailbox) => [mailbox.id, mailboxState(mailbox, input.start)]));
    this.pendingInvitations = new Set((input.pendingInvitations ?? []).map((pending) => pairKey(pending.senderId, pending.personId)));
    this.outsideHolders = new Map();
    for (const holder of input.outsideHolders ?? []) this.outsideHolders.set(holder.personId, [...(this.outsideHolders.get(holder.personId) ?? []), holder]);
    for (const lead of this.leads.values()) this.leadsOfPerson.set(personOf(lead), [...(this.leadsOfPerson.get(personOf(lead)) ?? []), lead]);
    for (const lead of this.leads.values()) this.sentEmails.set(lead.id, (lead.sentEmails ?? []).map((email) => ({ ...email })));
  }

  /** The lead's e-mails with the opens and clicks recorded by now (the e-mail activity conditions' facts). */
  emailsOf(lead: SimLead): SimSentEmail[] {
    return this.sentEmails.get(lead.id) ?? [];
  }

  /** Answers already decided, and every moving lead on the queue. */
  seed(start: number): void {
    for (const lead of this.leads.values()) {
      lead.openProfile = this.model.openProfile?.(lead) ?? lead.openProfile;
      if (lead.senderId) {
        for (const event of this.model.initialEvents(lead.senderId, lead)) this.events.push({ ...event, leadId: lead.id, senderId: lead.senderId, version: 0 });
      }
      if (lead.phase === "waiting" && lead.invitationSent !== false && this.stepOf(lead)?.type === "invite") this.invitationSent.add(lead.id);
      if (!this.moving(lead)) continue;
      if (lead.stepId === null && lead.status === "pending") lead.stepId = firstStep(this.campaigns.get(lead.campaignId)!.sequence)?.id ?? null;
      if (lead.waitUntil === null) lead.waitUntil = start;
      this.schedule(lead);
    }
  }

  reported(lead: SimLead): boolean {
    return this.reportCampaignIds.has(lead.campaignId);
  }

  resultOf(lead: SimLead): SimLeadResult {
    let result = this.results.get(lead.id);
    if (!result) {
      result = { status: lead.status, firstActionAt: null, endsAt: null, steps: [] };
      if (this.reported(lead)) this.results.set(lead.id, result);
    }
    return result;
  }

  version(leadId: string): number {
    return this.versions.get(leadId) ?? 0;
  }

  /** The lead moved: its older queue entries are stale. */
  bump(leadId: string): void {
    this.versions.set(leadId, this.version(leadId) + 1);
  }

  /** Puts the lead on the due queue at its waitUntil. */
  schedule(lead: SimLead): void {
    this.bump(lead.id);
    if (lead.waitUntil === null) return;
    this.due.push({ at: lead.waitUntil, seq: lead.seq, leadId: lead.id, version: this.version(lead.id) });
  }

  isCurrent(entry: DueEntry): boolean {
    return entry.version === this.version(entry.leadId);
  }

  stepOf(lead: SimLead): WiredStep | null {
    return lead.stepId ? (this.stepsOf.get(lead.campaignId)?.get(lead.stepId) ?? null) : null;
  }

  moving(lead: SimLead): boolean {
    return lead.status === "pending" || lead.status === "running";
  }

  /** The lead comes to rest (done, failed, replied…). */
  rest(lead: SimLead, status: LeadStatus, at: number): void {
    lead.status = status;
    lead.waitUntil = null;
    this.bump(lead.id);
    if (status !== "paused") this.resultOf(lead).endsAt = at;
  }

  record(lead: SimLead, step: WiredStep, at: number, outcome: "yes" | "no" | null, acted: boolean): SimStepRecord {
    const result = this.resultOf(lead);
    // A step sent again after a soft bounce: its one journal row is the latest attempt's.
    const again = this.retrying.delete(`${lead.id}|${step.id}`) ? result.steps.map((entry) => entry.stepId).lastIndexOf(step.id) : -1;
    if (again >= 0) result.steps.splice(again, 1);
    result.steps.push({ stepId: step.id, type: step.type, at, outcome, acted });
    if (acted && result.firstActionAt === null) result.firstActionAt = at;
    return result.steps[result.steps.length - 1]!;
  }

  /** The answer to a step recorded earlier came (or did not come in time). */
  resolveOutcome(lead: SimLead, stepId: string, outcome: "yes" | "no"): void {
    const steps = this.results.get(lead.id)?.steps;
    const entry = steps && [...steps].reverse().find((candidate) => candidate.stepId === stepId);
    if (entry) entry.outcome = outcome;
  }

  /**
   * Puts a lead on its next step after `step` resolved with `outcome` at `at`, or finishes it. An
   * answer taken in by a later pass (`passAt`) places the next step from its own time, but a lead
   * it finishes is done at the pass, as the executor stamps it.
   */
  place(lead: SimLead, step: WiredStep, outcome: "yes" | "no" | null, at: number, passAt = at): void {
    const campaign = this.campaigns.get(lead.campaignId)!;
    const placement = placeAfter(campaign.sequence, step, outcome, new Date(at));
    this.invitationSent.delete(lead.id);
    if (placement.kind === "end") {
      lead.stepId = null;
      lead.phase = "ready";
      if (lead.status === "paused") {
        lead.waitUntil = passAt;
        return;
      }
      this.rest(lead, "done", passAt);
      return;
    }
    lead.stepId = placement.step.id;
    lead.phase = "ready";
    lead.waitUntil = placement.waitUntil.getTime();
    if (lead.status === "pending") lead.status = "running";
    this.schedule(lead);
  }

  /**
   * A soft bounce sends the e-mail step again (retry-email-step.ts): the lead is back on the step,
   * ready at `at`; the step's journal row is taken over by what the step does next (record).
   */
  retryEmail(lead: SimLead, stepId: string, at: number): void {
    this.retrying.add(`${lead.id}|${stepId}`);
    lead.stepId = stepId;
    lead.phase = "ready";
    lead.waitUntil = at;
    if (lead.status === "pending") lead.status = "running";
    this.schedule(lead);
  }

  /** The lead waits at its step for an answer until `until`. */
  await(lead: SimLead, until: number): void {
    lead.phase = "waiting";
    lead.waitUntil = until;
    if (lead.status === "pending") lead.status = "running";
    this.schedule(lead);
  }

  countAction(sender: SenderState, lead: SimLead, kind: ActionKind, at: number): void {
    if (!this.reported(lead)) return;
    const campaign = this.campaigns.get(lead.campaignId)!;
    const key = `${lead.campaignId}|${zonedDateString(new Date(at), campaign.schedule.timezone)}|${sender.id}`;
    const counts = this.actions.get(key) ?? { invitations: 0, messages: 0, inmails: 0, profileViews: 0 };
    counts[kind] += 1;
    this.actions.set(key, counts);
  }

  countEmail(mailboxId: string, lead: SimLead, at: number): void {
    if (!this.reported(lead)) return;
    const campaign = this.campaigns.get(lead.campaignId)!;
    const key = `${lead.campaignId}|${zonedDateString(new Date(at), campaign.schedule.timezone)}|${mailboxId}`;
    this.emails.set(key, (this.emails.get(key) ?? 0) + 1);
  }

  /**
   * An e-mail went out: counts it for its address (what the outcome model's `nth` is), queues what
   * will come back to the mailbox (a reply, a bounce, a complaint) and the open and click Herald will
   * record where the campaign tracks them, and reports those that come within the horizon.
   */
  emailSent(mailbox: SimMailbox, lead: SimLead, stepId: string, at: number, hasLinks: boolean): void {
    const address = addressOf(lead);
    const key = `${mailbox.id}>${address}`;
    const nth = this.sentTo.get(key) ?? 0;
    this.sentTo.set(key, nth + 1);
    const emailId = `sim-${this.sendById.size}`;
    this.noteSend(mailbox.id, { emailId, at, hard: false, complained: false });
    this.sentEmails.set(lead.id, [...this.emailsOf(lead), { emailId, stepId, sentAt: at, openedAt: null, clickedAt: null }]);
    if (!this.emailModel) return;
    const outcome = this.emailModel.plan({ mailboxId: mailbox.id, toAddress: address, nth, sentAt: at, hasLinks });
    const about = { leadId: lead.id, stepId, mailboxId: mailbox.id, address, emailId };
    if (outcome.replyAt != null) this.events.push({ ...about, at: outcome.replyAt, kind: "email-reply" });
    if (outcome.bounce) this.events.push({ ...about, at: outcome.bounce.at, kind: "email-bounce", severity: outcome.bounce.kind });
    if (outcome.complainAt != null) this.events.push({ ...about, at: outcome.complainAt, kind: "email-complaint" });
    const tracking = this.campaigns.get(lead.campaignId)?.tracking;
    // As compose-campaign-email.ts: the campaign asks for tracking and the mailbox allows it.
    const opens = Boolean(tracking?.opens && mailbox.trackOpens !== false);
    const clicks = Boolean(tracking?.clicks && mailbox.trackClicks !== false);
    const recorded = recordedActivity({ sentAt: at, openAt: outcome.openAt, clickAt: outcome.clickAt, opensTracked: opens, clicksTracked: clicks && hasLinks });
    if (recorded.openedAt !== null) this.events.push({ ...about, at: recorded.openedAt, kind: "email-open" });
    if (recorded.clickedAt !== null) this.events.push({ ...about, at: recorded.clickedAt, kind: "email-click" });
    if (!this.reported(lead)) return;
    if (recorded.openedAt !== null && recorded.openedAt <= this.end) this.emailsOpened++;
    if (recorded.clickedAt !== null && recorded.clickedAt <= this.end) this.emailsClicked++;
  }

  private noteSend(mailboxId: string, send: SentEmailMark): void {
    const sends = this.sendsOf.get(mailboxId) ?? [];
    sends.push(send);
    this.sendsOf.set(mailboxId, sends);
    this.sendById.set(send.emailId!, send);
  }

  /**
   * A bounce or a complaint about one of the mailbox's e-mails came: it is marked, and the mailbox
   * pauses itself when its rates since its window opened (or its latest pause) are past the limits
   * (pauseMailboxOnBounceRate).
   */
  markSend(event: EmailEvent, at: number, mark: { hard?: boolean; complained?: boolean }): void {
    const send = event.emailId ? this.sendById.get(event.emailId) : undefined;
    if (send) Object.assign(send, mark);
    const mailbox = this.mailboxes.get(event.mailboxId);
    if (!mailbox || !this.mailboxRateLimits || mailbox.pausedByRates) return;
    const since = Math.max(at - MAILBOX_RATE_WINDOW_MS, mailbox.pausedAt ?? -Infinity);
    const counted = (this.sendsOf.get(mailbox.id) ?? []).filter((entry) => entry.at >= since);
    const facts = { sent: counted.length, bounced: counted.filter((entry) => entry.hard).length, complained: counted.filter((entry) => entry.complained).length };
    if (!decideMailboxPause(facts, this.mailboxRateLimits)) return;
    mailbox.available = false;
    mailbox.pausedByRates = true;
    mailbox.pausedAt = at;
  }

  /** Whether the mailbox sends for the lead's campaign: the campaign's pool holds it (take-mailbox-turn.ts reads only those campaigns). */
  sendsFor(mailboxId: string, campaignId: string): boolean {
    return this.campaigns.get(campaignId)?.mailboxIds?.includes(mailboxId) ?? false;
  }

  invitationPending(senderId: string, lead: SimLead): boolean {
    return this.pendingInvitations.has(pairKey(senderId, personOf(lead)));
  }

  setInvitationPending(senderId: string, lead: SimLead, pending: boolean): void {
    if (pending) this.pendingInvitations.add(pairKey(senderId, personOf(lead)));
    else this.pendingInvitations.delete(pairKey(senderId, personOf(lead)));
  }

  /** The same person's leads with the same sender, across campaigns (the network answers the person, not a campaign). */
  samePersonAndSender(lead: SimLead, senderId: string): SimLead[] {
    return (this.leadsOfPerson.get(personOf(lead)) ?? []).filter((other) => other.senderId === senderId);
  }

  /**
   * Another campaign running the same person, per the lead's campaign's exclusions (executor:
   * take-sender-turn.ts heldBy): a running lead of another simulated campaign, or a lead outside
   * the simulation.
   */
  holderOf(lead: SimLead): { campaignId: string; campaignName: string; senderName: string | null } | null {
    const campaign = this.campaigns.get(lead.campaignId)!;
    if (!exclusionScope(campaign)) return null;
    const simulated = (this.leadsOfPerson.get(personOf(lead)) ?? []).filter((other) => holdsLead(campaign, lead, other)).sort((a, b) => a.seq - b.seq)[0];
    if (simulated) return { campaignId: simulated.campaignId, campaignName: this.campaigns.get(simulated.campaignId)?.name ?? "", senderName: null };
    const outside = (this.outsideHolders.get(personOf(lead)) ?? []).find((other) => holdsLead(campaign, lead, { ...other, status: "running" }));
    return outside ? { campaignId: outside.campaignId, campaignName: outside.campaignName, senderName: outside.senderName } : null;
  }
}
