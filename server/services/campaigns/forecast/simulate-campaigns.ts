// The forecast's simulator: runs the campaign executor's own rules forward in time, in memory, from
// a snapshot of campaigns, leads and senders. It mirrors run-executor-pass.ts minute by minute —
// passes at whole minutes, due waits resolved first, then each free sender takes its first due
// lead inside the schedule and the caps, with the same human-like gaps (humanGapSeconds is keyed
// by sender and action count, so both make the same choices) — and asks an outcome model what
// prospects do. Quiet stretches are skipped: the next pass simulated is the next minute at which
// something can happen.
import { CAP_OF_ACTION, cappedStepKinds } from "../../../domain/sender-limits";
import { NOT_YET_AVAILABLE, type StepType, type WiredStep } from "../../../schemas/sequence";
import { startOfZonedDay, addZonedDays, zonedDateString } from "../../../lib/time-zones";
import { humanGapSeconds } from "../../../domain/sequence/human-gaps";
import { isWithinSchedule, nextWindowStart, spreadIntoNextWindow } from "../../../domain/sequence/schedule";
import { acceptanceWindowMs, placeAfter, replyWindowMs } from "../../../domain/sequence/step-timing";
import { firstStep } from "../../../domain/sequence/wire-sequence";
import { MinHeap } from "./min-heap";
import { dueFirst, rollUsage, senderState, type DueEntry, type SenderState } from "./sim-senders";
import type { ActionKind, LeadStatus, SimCampaign, SimLead, SimLeadResult, SimSender, SimulationResult, OutcomeModel } from "./simulation-types";

const MINUTE = 60_000;
const HOUR = 3_600_000;
const CANDIDATES_PER_SENDER = 10;
const ACTION_TYPES: ReadonlySet<StepType> = new Set(["visit_profile", "invite", "message", "inmail", ...NOT_YET_AVAILABLE]);
const CONDITIONS: ReadonlySet<StepType> = new Set(["if_connected", "if_open_profile"]);

interface QueuedEvent {
  at: number;
  kind: "accept" | "reply";
  leadId: string;
  senderId: string;
  version: number;
}

function ceilMinute(at: number): number {
  return Math.ceil(at / MINUTE) * MINUTE;
}

function actionKindOf(type: StepType): ActionKind | null {
  if (type === "invite") return "invitations";
  if (type === "message") return "messages";
  if (type === "inmail") return "inmails";
  if (type === "visit_profile") return "profileViews";
  return null;
}

export function simulateCampaigns(input: {
  start: number;
  end: number;
  campaigns: SimCampaign[];
  senders: SimSender[];
  leads: SimLead[];
  model: OutcomeModel;
  /** Campaigns whose leads and actions are reported (others only compete for the senders). */
  reportCampaignIds: ReadonlySet<string>;
}): SimulationResult {
  const { model } = input;
  const campaigns = new Map(input.campaigns.map((campaign) => [campaign.id, campaign]));
  const stepsOf = new Map(input.campaigns.map((campaign) => [campaign.id, new Map(campaign.sequence.steps.map((step) => [step.id, step]))]));
  const leads = new Map(input.leads.map((lead) => [lead.id, { ...lead }]));
  const versions = new Map<string, number>();
  const senders = new Map(input.senders.map((sender) => [sender.id, senderState(sender, input.start)]));
  const results = new Map<string, SimLeadResult>();
  const actions = new Map<string, Record<ActionKind, number>>();
  const accepted = new Set<string>();
  const replied = new Set<string>();
  const due = new MinHeap<DueEntry>(dueFirst);
  const events = new MinHeap<QueuedEvent>((a, b) => a.at < b.at);
  const reported = (lead: SimLead) => input.reportCampaignIds.has(lead.campaignId);
  // Each invitation a lead gets is a round; withdrawing one ends its round, so its acceptance never comes.
  const invitationRound = new Map<string, number>();

  const resultOf = (lead: SimLead) => {
    let result = results.get(lead.id);
    if (!result) {
      result = { status: lead.status, firstActionAt: null, endsAt: null, steps: [] };
      if (reported(lead)) results.set(lead.id, result);
    }
    return result;
  };
  const version = (leadId: string) => versions.get(leadId) ?? 0;
  const bump = (leadId: string) => versions.set(leadId, version(leadId) + 1);
  const schedule = (lead: SimLead) => {
    bump(lead.id);
    if (lead.waitUntil === null) return;
    due.push({ at: lead.waitUntil, seq: lead.seq, leadId: lead.id, version: version(lead.id) });
  };
  const stepOf = (lead: SimLead): WiredStep | null => (lead.stepId ? (stepsOf.get(lead.campaignId)?.get(lead.stepId) ?? null) : null);
  const moving = (lead: SimLead) => lead.status === "pending" || lead.status === "running";
  const rest = (lead: SimLead, status: LeadStatus, at: number) => {
    lead.status = status;
    lead.waitUntil = null;
    bump(lead.id);
    if (status !== "paused") resultOf(lead).endsAt = at;
  };
  const record = (lead: SimLead, step: WiredStep, at: number, outcome: "yes" | "no" | null, acted: boolean) => {
    const result = resultOf(lead);
    result.steps.push({ stepId: step.id, type: step.type, at, outcome, acted });
    if (acted && result.firstActionAt === null) result.firstActionAt = at;
    return result.steps[result.steps.length - 1]!;
  };
  const resolveOutcome = (lead: SimLead, stepId: string, outcome: "yes" | "no") => {
    const steps = results.get(lead.id)?.steps;
    const entry = steps && [...steps].reverse().find((candidate) => candidate.stepId === stepId);
    if (entry) entry.outcome = outcome;
  };
  const place = (lead: SimLead, step: WiredStep, outcome: "yes" | "no" | null, at: number) => {
    const campaign = campaigns.get(lead.campaignId)!;
    const placement = placeAfter(campaign.sequence, step, outcome, new Date(at));
    if (placement.kind === "end") {
      lead.stepId = null;
      lead.phase = "ready";
      if (lead.status === "paused") {
        lead.waitUntil = at;
        return;
      }
      rest(lead, "done", at);
      return;
    }
    lead.stepId = placement.step.id;
    lead.phase = "ready";
    lead.waitUntil = placement.waitUntil.getTime();
    if (lead.status === "pending") lead.status = "running";
    schedule(lead);
  };
  const countAction = (sender: SenderState, lead: SimLead, kind: ActionKind, at: number) => {
    if (!reported(lead)) return;
    const campaign = campaigns.get(lead.campaignId)!;
    const key = `${lead.campaignId}|${zonedDateString(new Date(at), campaign.schedule.timezone)}|${sender.id}`;
    const counts = actions.get(key) ?? { invitations: 0, messages: 0, inmails: 0, profileViews: 0 };
    counts[kind] += 1;
    actions.set(key, counts);
  };
  // Start: answers already decided, and every moving lead on the queue.
  for (const lead of leads.values()) {
    lead.openProfile = model.openProfile?.(lead) ?? lead.openProfile;
    if (lead.senderId) {
      for (const event of model.initialEvents(lead.senderId, lead)) {
        events.push({ ...event, leadId: lead.id, senderId: lead.senderId, version: 0 });
      }
    }
    if (!moving(lead)) continue;
    if (lead.stepId === null && lead.status === "pending") {
      const first = firstStep(campaigns.get(lead.campaignId)!.sequence);
      lead.stepId = first?.id ?? null;
    }
    if (lead.waitUntil === null) lead.waitUntil = input.start;
    schedule(lead);
  }

  const applyEvent = (event: QueuedEvent) => {
    const lead = leads.get(event.leadId);
    if (!lead || lead.senderId !== event.senderId) return;
    if (event.kind === "reply") {
      if (moving(lead) || lead.status === "paused") {
        rest(lead, "replied", event.at);
        if (reported(lead)) replied.add(lead.id);
      }
      return;
    }
    if (lead.invitationAccepted || event.version !== (invitationRound.get(lead.id) ?? 0)) return;
    lead.invitationAccepted = true;
    model.accepted(event.senderId, lead);
    if (reported(lead)) accepted.add(lead.id);
    if (!(moving(lead) || lead.status === "paused")) return;
    const step = stepOf(lead);
    if (step?.type === "invite" && lead.phase === "waiting") {
      resolveOutcome(lead, step.id, "yes");
      place(lead, step, "yes", event.at);
    }
  };

  /** resolveDueWaits: answers that did not come in time, conditions, and leads past their last step. */
  const resolveWait = (lead: SimLead, at: number): "resolved" | "postponed" | "action" => {
    const campaign = campaigns.get(lead.campaignId)!;
    const step = stepOf(lead);
    if (!step) {
      rest(lead, "done", at);
      return "resolved";
    }
    if (lead.phase === "waiting") {
      if (step.type === "invite" && step.config.withdrawEnabled) {
        if (!isWithinSchedule(campaign.schedule, new Date(at))) {
          const later = spreadIntoNextWindow(campaign.schedule, new Date(at), lead.id);
          lead.waitUntil = later ? later.getTime() : at + 24 * HOUR;
          schedule(lead);
          return "postponed";
        }
        if (lead.senderId) model.invitationWithdrawn(lead.senderId, lead);
        invitationRound.set(lead.id, (invitationRound.get(lead.id) ?? 0) + 1);
      }
      resolveOutcome(lead, step.id, "no");
      place(lead, step, "no", at);
      return "resolved";
    }
    if (CONDITIONS.has(step.type)) {
      const yes = step.type === "if_connected" ? lead.invitationAccepted || (lead.senderId !== null && model.isConnected(lead.senderId, lead)) : lead.openProfile;
      record(lead, step, at, yes ? "yes" : "no", false);
      place(lead, step, yes ? "yes" : "no", at);
      return "resolved";
    }
    return "action";
  };

  type TurnResult = "acted" | "resolved" | "capped" | "unavailable";

  /** performLeadStep, for the simulation. */
  const perform = (sender: SenderState, lead: SimLead, at: number): TurnResult => {
    const step = stepOf(lead)!;
    if (NOT_YET_AVAILABLE.has(step.type) || !lead.hasProfile) {
      record(lead, step, at, null, false);
      rest(lead, "failed", at);
      return "resolved";
    }
    const connected = lead.invitationAccepted || model.isConnected(sender.id, lead);
    if (step.type === "invite" && connected) {
      lead.invitationAccepted = true;
      record(lead, step, at, "yes", false);
      place(lead, step, "yes", at);
      return "resolved";
    }
    if (step.type === "message" && !connected) {
      record(lead, step, at, null, false);
      rest(lead, "failed", at);
      return "resolved";
    }
    if (step.type === "inmail" && !lead.openProfile && sender.inmailBalance <= 0) {
      if ((step.config.whenUnable ?? "auto") === "skip") {
        record(lead, step, at, "no", false);
        place(lead, step, "no", at);
        return "resolved";
      }
      sender.available = false;
      lead.waitUntil = at + HOUR;
      schedule(lead);
      return "unavailable";
    }
    const action = step.type === "invite" ? "invitation" : step.type === "visit_profile" ? "profile_view" : step.type;
    const cap = CAP_OF_ACTION[action]!;
    rollUsage(sender, at);
    if (sender.day[cap] >= sender.daily[cap]) return "capped";
    if (step.type === "invite" && sender.week >= sender.weeklyInvitations) return "capped";

    sender.day[cap] += 1;
    if (step.type === "invite") sender.week += 1;
    sender.nextActionAt = at + humanGapSeconds(sender.id, sender.actionCount) * 1000;
    sender.actionCount += 1;
    countAction(sender, lead, actionKindOf(step.type)!, at);
    record(lead, step, at, null, true);
    if (lead.status === "pending") lead.status = "running";
    if (step.type === "visit_profile") {
      place(lead, step, null, at);
      return "acted";
    }
    lead.phase = "waiting";
    if (step.type === "invite") {
      lead.waitUntil = at + acceptanceWindowMs(step);
      schedule(lead);
      const round = (invitationRound.get(lead.id) ?? 0) + 1;
      invitationRound.set(lead.id, round);
      const acceptAt = model.invitationSent(sender.id, lead, at);
      if (acceptAt !== null) events.push({ at: acceptAt, kind: "accept", leadId: lead.id, senderId: sender.id, version: round });
      return "acted";
    }
    if (step.type === "inmail" && !lead.openProfile) sender.inmailBalance -= 1;
    lead.waitUntil = at + replyWindowMs(step);
    schedule(lead);
    const replyAt = model.messageSent(sender.id, lead, step.type === "inmail" ? "inmail" : "message", at);
    if (replyAt !== null) events.push({ at: replyAt, kind: "reply", leadId: lead.id, senderId: sender.id, version: 0 });
    return "acted";
  };

  // Whether each campaign's schedule is open, asked once per campaign and minute.
  let openAt = Number.NaN;
  const openNow = new Map<string, boolean>();
  const campaignOpen = (campaignId: string, at: number) => {
    if (at !== openAt) {
      openAt = at;
      openNow.clear();
    }
    let open = openNow.get(campaignId);
    if (open === undefined) {
      const campaign = campaigns.get(campaignId);
      open = Boolean(campaign?.active && isWithinSchedule(campaign.schedule, new Date(at)));
      openNow.set(campaignId, open);
    }
    return open;
  };
  const pushReady = (sender: SenderState, entry: DueEntry) => sender.ready.push(stepOf(leads.get(entry.leadId)!)?.type ?? null, entry);

  /**
   * takeTurn: the sender's first due leads of open campaigns, in order, read in batches; one action
   * at most. A batch holds leads of step kinds not known to be at their cap; another batch is read
   * only when this one found a kind at its cap (the leads behind may be of kinds still allowed).
   */
  const takeTurn = (sender: SenderState, at: number) => {
    rollUsage(sender, at);
    const capped = cappedStepKinds(
      { daily: sender.daily, weeklyInvitations: sender.weeklyInvitations, weeklyLimitBypassed: false },
      { day: sender.day, weekInvitations: sender.week },
    ) as Set<StepType>;
    const putBack: DueEntry[] = [];
    let turnOver = false;
    while (!turnOver) {
      const excluded = new Set(capped);
      const batch: DueEntry[] = [];
      while (batch.length < CANDIDATES_PER_SENDER) {
        const entry = sender.ready.popFirst((type) => type === null || !excluded.has(type));
        if (!entry) break;
        const lead = leads.get(entry.leadId)!;
        if (entry.version !== version(lead.id) || !moving(lead) || lead.senderId !== sender.id) continue;
        if (!campaignOpen(lead.campaignId, at)) putBack.push(entry);
        else batch.push(entry);
      }
      let index = 0;
      for (; index < batch.length; index++) {
        const lead = leads.get(batch[index]!.leadId)!;
        const step = stepOf(lead);
        if (!step || capped.has(step.type)) {
          putBack.push(batch[index]!);
          continue;
        }
        const result = perform(sender, lead, at);
        if (result === "capped") {
          capped.add(step.type);
          putBack.push(batch[index]!);
          continue;
        }
        if (result === "acted" || result === "unavailable") {
          turnOver = true;
          index++;
          break;
        }
      }
      putBack.push(...batch.slice(index));
      if (batch.length < CANDIDATES_PER_SENDER || capped.size === excluded.size) break;
    }
    for (const entry of putBack) {
      if (entry.version === version(entry.leadId)) pushReady(sender, entry);
    }
  };

  let at = ceilMinute(input.start);
  for (let guard = 0; guard < 2_000_000 && at <= input.end; guard++) {
    // The sandbox network (or LinkedIn) answers up to now.
    while (events.size && events.peek()!.at <= at) applyEvent(events.pop()!);

    // resolveDueWaits, on the leads due when it starts.
    const snapshot: DueEntry[] = [];
    while (due.size && due.peek()!.at <= at) snapshot.push(due.pop()!);
    const deferred: DueEntry[] = [];
    for (const entry of snapshot) {
      const lead = leads.get(entry.leadId)!;
      if (entry.version !== version(lead.id) || !moving(lead) || !campaigns.get(lead.campaignId)?.active) continue;
      const outcome = resolveWait(lead, at);
      if (outcome === "action" && lead.senderId && senders.has(lead.senderId)) pushReady(senders.get(lead.senderId)!, entry);
    }
    // Steps placed just now: actions are taken this pass; waits and conditions resolve next pass.
    while (due.size && due.peek()!.at <= at) {
      const entry = due.pop()!;
      const lead = leads.get(entry.leadId)!;
      if (entry.version !== version(lead.id) || !moving(lead)) continue;
      const step = stepOf(lead);
      if (lead.phase === "ready" && step && ACTION_TYPES.has(step.type) && lead.senderId && senders.has(lead.senderId)) {
        pushReady(senders.get(lead.senderId)!, entry);
      } else deferred.push(entry);
    }
    for (const entry of deferred) due.push(entry);

    // Sender turns, in the executor's order.
    const free = [...senders.values()]
      .filter((sender) => sender.available && (sender.cooldownUntil === null || sender.cooldownUntil <= at) && (sender.nextActionAt === null || sender.nextActionAt <= at))
      .sort((a, b) => (a.nextActionAt ?? -Infinity) - (b.nextActionAt ?? -Infinity) || a.id.localeCompare(b.id));
    for (const sender of free) if (sender.ready.size) takeTurn(sender, at);

    // The next minute at which anything can happen.
    let next = Infinity;
    let nextOpening = Infinity;
    for (const campaign of campaigns.values()) {
      if (!campaign.active || isWithinSchedule(campaign.schedule, new Date(at))) continue;
      const opens = nextWindowStart(campaign.schedule, new Date(at));
      if (opens) nextOpening = Math.min(nextOpening, opens.getTime());
    }
    if (events.size) next = Math.min(next, events.peek()!.at);
    if (due.size) next = Math.min(next, due.peek()!.at);
    for (const sender of senders.values()) {
      if (!sender.ready.size || !sender.available) continue;
      const busyUntil = Math.max(sender.nextActionAt ?? 0, sender.cooldownUntil ?? 0);
      if (busyUntil > at) {
        next = Math.min(next, busyUntil);
        continue;
      }
      // Free but idle: its leads wait for a schedule window or a cap reset.
      const midnight = addZonedDays(startOfZonedDay(new Date(at), sender.timezone), 1, sender.timezone).getTime();
      next = Math.min(next, at + HOUR, nextOpening, midnight);
    }
    if (next === Infinity) break;
    at = Math.max(ceilMinute(next), at + MINUTE);
  }
  for (const lead of leads.values()) if (reported(lead)) resultOf(lead).status = lead.status;
  return { leads: results, actions, accepted, replied, endedAt: Math.min(at, input.end) };
}
