// Test support: runs Herald's campaign machinery as its minute crons would — the sandbox network
// answering, then an executor pass — on a manual clock, skipping the minutes in which nothing can
// happen (no lead due that a free sender under its caps or a free mailbox under its daily limit
// could take, no answer coming on either network, no schedule window opening, no day starting). Weeks of campaign run in seconds, through the real services.
import { approvePendingAiLine } from "../services/approvals/approve-pending-ai-line";
import { db } from "../db/client";
import type { ManualClock } from "../lib/clock";
import type { LinkedinAccount } from "../db/generated/client";
import { runExecutorPass, type PassReport } from "../services/campaigns/executor/run-executor-pass";
import { isWithinSchedule, nextWindowStart } from "../domain/sequence/schedule";
import { ACTION_STEP_TYPES, EMAIL_STEP_TYPES, mailboxFreeFrom, nextDayStarts, nextTurnAt, senderFreeFrom, turnMailbox, turnSender } from "../domain/sequence/turn-policy";
import { countMailboxUsage } from "../services/mail/mailboxes/count-mailbox-usage";
import { advanceSandboxNetwork } from "../services/sandbox/advance-sandbox-network";
import { senderCappedKinds, type WorkspaceLimits } from "../services/senders/sender-capped-kinds";
import { readSchedule } from "../services/campaigns/campaign-columns";
import type { Actor } from "../lib/actor";
import { approvePendingComment } from "../services/approvals/approve-pending-comment";
import { approvePendingVoiceNote } from "../services/approvals/approve-pending-voice-note";
import { completeManualTask } from "../services/tasks/complete-manual-task";

const MINUTE = 60_000;
// No pass runs just in case (there was one every 47 minutes at most): a moment this file failed to
// find would then be hidden by a pass that happened to come soon after it. Without one, such a
// moment shows as the executor acting later than the forecast says (the parity tests) or as a
// minute that changed something although skipping would not have run it (the skipping tests).

/**
 * Which step kinds each sender may not take again today, kept between passes while nothing could
 * have changed them: no pass acted, resolved or reconciled anything, and no sender's day began.
 */
function cappedKindsCache() {
  let cache = new Map<string, Set<string>>();
  let validUntil = Infinity;
  return {
    invalidate() {
      cache = new Map();
      validUntil = Infinity;
    },
    async of(sender: LinkedinAccount & { workspace: WorkspaceLimits }, at: Date): Promise<Set<string>> {
      if (at.getTime() >= validUntil) this.invalidate();
      let capped = cache.get(sender.id);
      if (!capped) {
        capped = await senderCappedKinds(sender, sender.workspace);
        cache.set(sender.id, capped);
        validUntil = Math.min(validUntil, nextDayStarts(at.getTime(), sender.timezone));
      }
      return capped;
    },
  };
}

type CappedKinds = ReturnType<typeof cappedKindsCache>;

const moving = (at: Date) => ({ status: { in: ["pending" as const, "running" as const] }, waitUntil: { gt: at }, campaign: { status: "active" } });

/**
 * The first moment at which a lead waiting for a sender's turn could be taken: it is due, its
 * sender is free (no pause between actions, no cooldown), can act (connected, active, not paused)
 * and is not at its cap for the step's kind (its leads wait for its next day, a moment of its own),
 * and its campaign's schedule is open (or, if closed then, when the schedule next opens).
 */
async function nextTurnMoment(at: Date, before: number, capped: CappedKinds): Promise<number | null> {
  if (before <= at.getTime() + MINUTE) return null; // the next minute runs anyway
  const groups = await db.campaignLead.groupBy({
    by: ["campaignId", "linkedinAccountId", "currentStepType"],
    where: { ...moving(at), phase: "ready", currentStepType: { in: [...ACTION_STEP_TYPES] } },
    _min: { waitUntil: true },
  });
  const due = groups.filter((group) => group._min.waitUntil && group._min.waitUntil.getTime() < before);
  if (!due.length) return null;
  const [campaigns, senders] = await Promise.all([
    db.campaign.findMany({ where: { id: { in: [...new Set(due.map((group) => group.campaignId))] } }, select: { id: true, schedule: true } }),
    db.linkedinAccount.findMany({ where: { id: { in: due.flatMap((group) => (group.linkedinAccountId ? [group.linkedinAccountId] : [])) } }, include: { workspace: true } }),
  ]);
  const schedules = new Map(campaigns.map((campaign) => [campaign.id, readSchedule(campaign.schedule)]));
  const senderById = new Map(senders.map((sender) => [sender.id, sender]));
  let first: number | null = null;
  for (const group of due) {
    const sender = group.linkedinAccountId ? senderById.get(group.linkedinAccountId) : undefined;
    const turn = sender ? turnSender(sender) : null;
    if (turn && !turn.available) continue;
    const moment = nextTurnAt({ dueAt: group._min.waitUntil!.getTime(), freeFrom: turn ? senderFreeFrom(turn) : 0, schedule: schedules.get(group.campaignId)! });
    if (moment === null) continue;
    if (moment >= before || (first !== null && moment >= first)) continue;
    if (sender && (await capped.of(sender, at)).has(group.currentStepType!)) continue;
    first = moment;
  }
  return first;
}

/**
 * The same for leads waiting for a mailbox's turn: due, the mailbox past its gap, connected and not
 * paused, under its daily limit (at its limit, its leads wait for its next day, a moment of its
 * own), and the campaign's schedule open. A lead without a mailbox is settled by the pass inside
 * the schedule.
 */
async function nextMailboxTurnMoment(at: Date, before: number): Promise<number | null> {
  if (before <= at.getTime() + MINUTE) return null;
  const groups = await db.campaignLead.groupBy({
    by: ["campaignId", "emailAccountId"],
    where: { ...moving(at), phase: "ready", currentStepType: { in: [...EMAIL_STEP_TYPES] } },
    _min: { waitUntil: true },
  });
  const due = groups.filter((group) => group._min.waitUntil && group._min.waitUntil.getTime() < before);
  if (!due.length) return null;
  const [campaigns, mailboxes] = await Promise.all([
    db.campaign.findMany({ where: { id: { in: [...new Set(due.map((group) => group.campaignId))] } }, select: { id: true, schedule: true } }),
    db.mailbox.findMany({ where: { id: { in: due.flatMap((group) => (group.emailAccountId ? [group.emailAccountId] : [])) } } }),
  ]);
  const schedules = new Map(campaigns.map((campaign) => [campaign.id, readSchedule(campaign.schedule)]));
  const mailboxById = new Map(mailboxes.map((mailbox) => [mailbox.id, mailbox]));
  let first: number | null = null;
  for (const group of due) {
    const mailbox = group.emailAccountId ? mailboxById.get(group.emailAccountId) : undefined;
    const turn = mailbox ? turnMailbox(mailbox) : null;
    if (turn && !turn.available) continue;
    const moment = nextTurnAt({ dueAt: group._min.waitUntil!.getTime(), freeFrom: turn ? mailboxFreeFrom(turn) : 0, schedule: schedules.get(group.campaignId)! });
    if (moment === null) continue;
    if (moment >= before || (first !== null && moment >= first)) continue;
    if (mailbox && (await countMailboxUsage(mailbox, new Date(Math.max(moment, at.getTime())))).remaining <= 0) continue;
    first = moment;
  }
  return first;
}

/** The first moment after `at` at which a pass could do something; Infinity when nothing ever can. */
async function nextInterestingMoment(at: Date, capped: CappedKinds): Promise<number> {
  const moments: number[] = [];
  const [placedNow, lead, sender, mailbox, invitation, message, mail, campaigns, accounts, mailboxZones, hold] = await Promise.all([
    // Leads this pass placed on a step already due (or made due by approving their drafts after it): the next pass takes them.
    db.campaignLead.findFirst({
      where: { status: { in: ["pending", "running"] }, waitUntil: { lte: at }, updatedAt: { gte: at }, campaign: { status: "active" } },
      select: { id: true },
    }),
    // Leads the executor moves at any hour, without a sender's turn: waits for an answer,
    // conditions, the end of a sequence.
    db.campaignLead.findFirst({
      where: { ...moving(at), OR: [{ phase: "waiting" }, { currentStepType: null }, { phase: "ready", currentStepType: { notIn: [...ACTION_STEP_TYPES, ...EMAIL_STEP_TYPES] } }] },
      orderBy: { waitUntil: "asc" },
      select: { waitUntil: true },
    }),
    db.linkedinAccount.findFirst({ where: { nextActionAt: { gt: at } }, orderBy: { nextActionAt: "asc" }, select: { nextActionAt: true } }),
    db.mailbox.findFirst({ where: { nextSendAt: { gt: at } }, orderBy: { nextSendAt: "asc" }, select: { nextSendAt: true } }),
    db.sandboxInvitation.findFirst({ where: { status: "pending", acceptAt: { gt: at } }, orderBy: { acceptAt: "asc" }, select: { acceptAt: true } }),
    db.sandboxMessage.findFirst({ where: { repliedAt: null, replyAt: { gt: at } }, orderBy: { replyAt: "asc" }, select: { replyAt: true } }),
    // The mail network's next moment (a reply, a bounce, a complaint is read in the network's minute).
    db.sandboxEmail.findFirst({ where: { nextAt: { gt: at } }, orderBy: { nextAt: "asc" }, select: { nextAt: true } }),
    db.campaign.findMany({ where: { status: "active" }, select: { schedule: true } }),
    db.linkedinAccount.findMany({ select: { timezone: true }, distinct: ["timezone"] }),
    db.mailbox.findMany({ select: { timezone: true }, distinct: ["timezone"] }),
    // A warmup hold ending: the mailbox's campaign e-mails may go out from then.
    db.mailboxWarmup.findFirst({ where: { holdUntil: { gt: at }, holdOverride: false }, orderBy: { holdUntil: "asc" }, select: { holdUntil: true } }),
  ]);
  if (placedNow) moments.push(at.getTime() + MINUTE);
  if (lead?.waitUntil) moments.push(lead.waitUntil.getTime());
  if (sender?.nextActionAt) moments.push(sender.nextActionAt.getTime());
  if (mailbox?.nextSendAt) moments.push(mailbox.nextSendAt.getTime());
  if (invitation?.acceptAt) moments.push(invitation.acceptAt.getTime());
  if (message?.replyAt) moments.push(message.replyAt.getTime());
  if (mail?.nextAt) moments.push(mail.nextAt.getTime());
  if (hold?.holdUntil) moments.push(hold.holdUntil.getTime());
  for (const campaign of campaigns) {
    const schedule = readSchedule(campaign.schedule);
    if (isWithinSchedule(schedule, at)) continue;
    const opens = nextWindowStart(schedule, at);
    if (opens) moments.push(opens.getTime());
  }
  for (const account of [...accounts, ...mailboxZones]) moments.push(nextDayStarts(at.getTime(), account.timezone));
  const turn = await nextTurnMoment(at, Math.min(...moments), capped);
  if (turn !== null) moments.push(turn);
  const mailboxTurn = await nextMailboxTurnMoment(at, Math.min(...moments));
  if (mailboxTurn !== null) moments.push(mailboxTurn);
  return Math.min(...moments);
}

/** Something changed: a step, an action, an event, a lead moved (one round trip: the check runs it twice a minute). */
async function fingerprint(): Promise<string> {
  const [row] = await db.$queryRaw<Array<{ steps: bigint; actions: bigint; emails: bigint; events: bigint; moved: Date | null }>>`
    SELECT (SELECT count(*) FROM "CampaignLeadStep") AS steps, (SELECT count(*) FROM "SenderAction") AS actions,
           (SELECT count(*) FROM "EmailMessage") AS emails, (SELECT count(*) FROM "OutboxEvent") AS events,
           (SELECT max("updatedAt") FROM "CampaignLead") AS moved`;
  return `${row!.steps}/${row!.actions}/${row!.emails}/${row!.events}/${row!.moved?.getTime() ?? 0}`;
}

/**
 * Approves every pending draft of the actor's workspace, oldest first, through the approval services,
 * and decides every pending manual task (done, or as `taskOutcome` says) through the Tasks service.
 */
async function approveEverything(actor: Actor, taskOutcome: (task: { campaignLeadId: string; stepId: string }) => "done" | "skipped"): Promise<void> {
  const where = { workspaceId: actor.workspaceId, status: "pending" };
  const orderBy = [{ createdAt: "asc" as const }, { id: "asc" as const }];
  const [comments, voiceNotes] = await Promise.all([
    db.pendingComment.findMany({ where, orderBy, select: { id: true } }),
    db.pendingVoiceNote.findMany({ where, orderBy, select: { id: true } }),
  ]);
  for (const comment of comments) await approvePendingComment(actor, comment.id, {});
  for (const voiceNote of voiceNotes) await approvePendingVoiceNote(actor, voiceNote.id);
  const aiLines = await db.aiLine.findMany({ where: { workspaceId: actor.workspaceId, status: "pending-approval" }, orderBy, select: { id: true } });
  for (const line of aiLines) await approvePendingAiLine(actor, line.id);
  const tasks = await db.manualTask.findMany({ where: { workspaceId: actor.workspaceId, status: "pending" }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  for (const task of tasks) await completeManualTask(actor, task.id, { outcome: taskOutcome(task) });
}

export interface DriveReport {
  passes: number;
  acted: number;
}

/** Runs the crons' minutes from the clock's time until `until`, on whole minutes. */
export async function driveCampaigns(
  clock: ManualClock,
  until: Date,
  options: {
    onPass?: (report: PassReport, at: Date) => Promise<void> | void;
    /** Run every minute and report the minutes in which something happened that skipping would have missed. */
    checkSkipping?: (missed: Date) => void;
    /**
     * An approver of a workspace who approves every pending comment and voice note of it, and does
     * every manual task, right after each pass, as the forecast assumes (the leads are due at once:
     * the next pass is run).
     */
    approveAs?: Actor;
    /** How the approver decides each manual task (done when left out). */
    taskOutcome?: (task: { campaignLeadId: string; stepId: string }) => "done" | "skipped";
  } = {},
): Promise<DriveReport> {
  let passes = 0;
  let predicted = 0;
  let acted = 0;
  let at = Math.ceil(clock.now().getTime() / MINUTE) * MINUTE;
  const capped = cappedKindsCache();
  while (at <= until.getTime()) {
    clock.set(new Date(at));
    // The check compares only the minutes that skipping would not have run.
    const checked = options.checkSkipping !== undefined && at < predicted;
    const before = checked ? await fingerprint() : "";
    await advanceSandboxNetwork();
    // Turns one at a time, in the decision core's order, as the forecast models a pass: parallel
    // turns would let a cross-campaign hold (or a lock wait) in the same minute go either way.
    const report = await runExecutorPass({ parallelism: 1 });
    if (options.approveAs) await approveEverything(options.approveAs, options.taskOutcome ?? (() => "done"));
    if (checked && (await fingerprint()) !== before) options.checkSkipping!(new Date(at));
    await options.onPass?.(report, new Date(at));
    passes++;
    acted += report.acted + report.emailed;
    if (report.acted || report.resolved || report.reconciled) capped.invalidate();
    if (options.checkSkipping) {
      // The minute skipping would have run next, asked for only when that minute has come.
      if (at >= predicted) predicted = Math.max(Math.ceil((await nextInterestingMoment(new Date(at), capped)) / MINUTE) * MINUTE, at + MINUTE);
      at += MINUTE;
      continue;
    }
    const next = await nextInterestingMoment(new Date(at), capped);
    at = Math.max(Math.ceil(next / MINUTE) * MINUTE, at + MINUTE);
  }
  clock.set(until);
  return { passes, acted };
}
