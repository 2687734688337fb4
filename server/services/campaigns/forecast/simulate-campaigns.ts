// The forecast's simulator: the executor's rules (the decision core, server/domain/sequence) run
// forward in time, in memory, from a snapshot of campaigns, leads and senders. Passes at whole
// minutes, as the executor's: the network's answers up to now, then due waits and conditions
// (sim-waits.ts), then each free sender takes its turn in the core's order (sim-turn.ts), with the
// same human-like gaps (keyed by sender and action count, so both make the same choices); an
// outcome model says what prospects do. Quiet stretches are skipped: the next pass simulated is
// the next minute at which something can happen.
import { nextWindowStart, isWithinSchedule } from "../../../domain/sequence/schedule";
import { isActionStep, isEmailStep, mailboxFreeFrom, nextDayStarts, senderCanActAt, senderFreeFrom, senderTurnOrder } from "../../../domain/sequence/turn-policy";
import { applyEventsUntil } from "./sim-events";
import { mailboxesWithWork, pushEmailReady, settleUnmailed, takeInDueEmails, takeMailboxTurn } from "./sim-mailbox-turn";
import { mailboxHoldEnds } from "./sim-mailboxes";
import type { DueEntry, SenderState } from "./sim-senders";
import { openCampaigns, pushReady, takeTurn } from "./sim-turn";
import { finishTasks, resolveWait } from "./sim-waits";
import { SimWorld, type SimInput } from "./sim-world";
import type { SimulationResult } from "./simulation-types";

const MINUTE = 60_000;
const HOUR = 3_600_000;

function ceilMinute(at: number): number {
  return Math.ceil(at / MINUTE) * MINUTE;
}

function senderOf(world: SimWorld, senderId: string | null): SenderState | undefined {
  return senderId ? world.senders.get(senderId) : undefined;
}

/** resolveDueWaits, on the leads due when it starts; leads whose step is an action join their sender's line, e-mail steps their mailbox's. */
function resolveDue(world: SimWorld, at: number): void {
  const snapshot: DueEntry[] = [];
  while (world.due.size && world.due.peek()!.at <= at) snapshot.push(world.due.pop()!);
  for (const entry of snapshot) {
    const lead = world.leads.get(entry.leadId)!;
    if (!world.isCurrent(entry) || !world.moving(lead) || !world.campaigns.get(lead.campaignId)?.active) continue;
    if (resolveWait(world, lead, at) !== "turn") continue;
    if (isEmailStep(world.stepOf(lead)?.type)) {
      pushEmailReady(world, entry);
      continue;
    }
    const sender = senderOf(world, lead.senderId);
    if (sender) pushReady(world, sender, entry);
  }
  // Steps placed just now: actions are taken this pass; waits and conditions resolve next pass.
  const deferred: DueEntry[] = [];
  while (world.due.size && world.due.peek()!.at <= at) {
    const entry = world.due.pop()!;
    const lead = world.leads.get(entry.leadId)!;
    if (!world.isCurrent(entry) || !world.moving(lead)) continue;
    const sender = senderOf(world, lead.senderId);
    const type = world.stepOf(lead)?.type;
    if (lead.phase === "ready" && isActionStep(type) && sender) pushReady(world, sender, entry);
    else if (lead.phase === "ready" && isEmailStep(type)) pushEmailReady(world, entry);
    else deferred.push(entry);
  }
  for (const entry of deferred) world.due.push(entry);
}

/** The next minute at which anything can happen after the pass at `at`, or Infinity. */
function nextMoment(world: SimWorld, at: number): number {
  let next = Infinity;
  let nextOpening = Infinity;
  for (const campaign of world.campaigns.values()) {
    if (!campaign.active || isWithinSchedule(campaign.schedule, new Date(at))) continue;
    const opens = nextWindowStart(campaign.schedule, new Date(at));
    if (opens) nextOpening = Math.min(nextOpening, opens.getTime());
  }
  if (world.events.size) next = Math.min(next, world.events.peek()!.at);
  if (world.due.size) next = Math.min(next, world.due.peek()!.at);
  for (const sender of world.senders.values()) {
    if (!sender.ready.size || !sender.available) continue;
    const busyUntil = senderFreeFrom(sender);
    if (busyUntil > at) {
      next = Math.min(next, busyUntil);
      continue;
    }
    // Free but idle: its leads wait for a schedule window, a cap reset or a held lead's retry.
    next = Math.min(next, at + HOUR, nextOpening, nextDayStarts(at, sender.timezone));
  }
  for (const mailbox of world.mailboxes.values()) {
    if (!mailbox.ready.size || !mailbox.available) continue;
    const busyUntil = mailboxFreeFrom(mailbox);
    if (busyUntil > at) {
      next = Math.min(next, busyUntil);
      continue;
    }
    // Free but idle: its leads wait for a schedule window, its next day, the end of its warmup hold or a held lead's retry.
    next = Math.min(next, at + HOUR, nextOpening, nextDayStarts(at, mailbox.timezone), mailboxHoldEnds(mailbox, at) ?? Infinity);
  }
  // Leads without a mailbox wait for their campaign's schedule to open.
  if (world.unmailed.size) next = Math.min(next, nextOpening);
  return next;
}

export function simulateCampaigns(input: SimInput): SimulationResult {
  const world = new SimWorld(input);
  world.seed(input.start);
  const campaignOpen = openCampaigns(world);
  let at = ceilMinute(input.start);
  for (let guard = 0; guard < 2_000_000 && at <= input.end; guard++) {
    // The sandbox network (or LinkedIn) answers up to now.
    applyEventsUntil(world, at);
    resolveDue(world, at);
    settleUnmailed(world, at, campaignOpen);
    // The pass picks the mailboxes with due work before any turn (run-executor-pass.ts).
    const mailboxTurns = mailboxesWithWork(world, at, campaignOpen);
    // Sender turns, in the core's order, then mailbox turns.
    const free = [...world.senders.values()].filter((sender) => senderCanActAt(sender, at)).sort(senderTurnOrder);
    for (const sender of free) if (sender.ready.size) takeTurn(world, sender, at, campaignOpen);
    takeInDueEmails(world, at);
    for (const mailbox of mailboxTurns) takeMailboxTurn(world, mailbox, at, campaignOpen);
    finishTasks(world, at);
    const next = nextMoment(world, at);
    if (next === Infinity) break;
    at = Math.max(ceilMinute(next), at + MINUTE);
  }
  for (const lead of world.leads.values()) if (world.reported(lead)) world.resultOf(lead).status = lead.status;
  return { leads: world.results, actions: world.actions, emails: world.emails, emailsOpened: world.emailsOpened, emailsClicked: world.emailsClicked, accepted: world.accepted, replied: world.replied, endedAt: Math.min(at, input.end) };
}
