// One pass of the campaign executor (run every minute and when something gives it work; passes
// never overlap). It reconciles interrupted steps, resolves due waits and conditions, then lets
// each available sender with due work take one turn (take-sender-turn.ts): the due lead it is
// pinned to that comes first, inside the campaign's schedule and the sender's caps, then a
// human-like pause before its next action. Mailboxes take turns the same way for e-mail steps
// (take-mailbox-turn.ts), within their daily limit.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { logger } from "../../../lib/logger";
import { isWithinSchedule } from "../../../domain/sequence/schedule";
import type { Campaign } from "../../../db/generated/client";
import {
  ACTION_STEP_TYPES,
  EMAIL_STEP_TYPES,
  mailboxCanActAt,
  mailboxTurnOrder,
  senderCanActAt,
  senderTurnOrder,
  turnMailbox,
  turnSender,
} from "../../../domain/sequence/turn-policy";
import { scheduleOf } from "./load-campaign-sequence";
import { releaseSettledAiHolds } from "./release-settled-ai-holds";
import { reconcileInterruptedSteps } from "./reconcile-interrupted-steps";
import { resolveDueWaits } from "./resolve-due-waits";
import { settleEmailLeadsWithoutMailbox } from "./settle-email-leads-without-mailbox";
import { takeMailboxTurn } from "./take-mailbox-turn";
import { takeSenderTurn } from "./take-sender-turn";

/** An intent older than this belongs to no running turn (turns start within 50 s and take seconds). */
const STALE_INTENT_MS = 10 * 60_000;

export interface PassReport {
  reconciled: number;
  resolved: number;
  acted: number;
  sendersConsidered: number;
  /** E-mails sent by mailbox turns. */
  emailed: number;
  mailboxesConsidered: number;
}

async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(limit, queue.length) }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

/** The senders with due work at `at`, in the order they should act (the longest-resting first). */
async function sendersWithWork(open: Campaign[], at: Date): Promise<string[]> {
  const poolIds = [...new Set(open.flatMap((campaign) => campaign.linkedinAccountIds))];
  if (!poolIds.length) return [];
  const pool = await db.linkedinAccount.findMany({
    where: { id: { in: poolIds } },
    select: { id: true, connectionStatus: true, status: true, paused: true, cooldownUntil: true, nextActionAt: true },
  });
  const senders = pool
    .map(turnSender)
    .filter((sender) => senderCanActAt(sender, at.getTime()))
    .sort(senderTurnOrder);
  if (!senders.length) return [];
  const due = await db.campaignLead.groupBy({
    by: ["linkedinAccountId", "campaignId"],
    where: {
      linkedinAccountId: { in: senders.map((sender) => sender.id) },
      campaignId: { in: open.map((campaign) => campaign.id) },
      status: { in: ["pending", "running"] },
      phase: "ready",
      waitUntil: { lte: at },
      currentStepType: { in: [...ACTION_STEP_TYPES] },
    },
  });
  const pools = new Map(open.map((campaign) => [campaign.id, campaign.linkedinAccountIds]));
  const withWork = new Set(due.filter((pair) => pair.linkedinAccountId && pools.get(pair.campaignId)?.includes(pair.linkedinAccountId)).map((pair) => pair.linkedinAccountId));
  return senders.map((sender) => sender.id).filter((id) => withWork.has(id));
}

/** The mailboxes with due e-mails at `at`, in the order they should send (the longest-resting first); their daily limit is their turn's to check. */
async function mailboxesWithWork(open: Campaign[], at: Date): Promise<string[]> {
  const poolIds = [...new Set(open.flatMap((campaign) => campaign.emailAccountIds))];
  if (!poolIds.length) return [];
  const pool = await db.mailbox.findMany({ where: { id: { in: poolIds } }, select: { id: true, status: true, paused: true, nextSendAt: true } });
  const mailboxes = pool
    .map(turnMailbox)
    .filter((mailbox) => mailboxCanActAt(mailbox, at.getTime()))
    .sort(mailboxTurnOrder);
  if (!mailboxes.length) return [];
  const due = await db.campaignLead.groupBy({
    by: ["emailAccountId", "campaignId"],
    where: {
      emailAccountId: { in: mailboxes.map((mailbox) => mailbox.id) },
      campaignId: { in: open.map((campaign) => campaign.id) },
      status: { in: ["pending", "running"] },
      phase: "ready",
      waitUntil: { lte: at },
      currentStepType: { in: [...EMAIL_STEP_TYPES] },
    },
  });
  const pools = new Map(open.map((campaign) => [campaign.id, campaign.emailAccountIds]));
  const withWork = new Set(due.filter((pair) => pair.emailAccountId && pools.get(pair.campaignId)?.includes(pair.emailAccountId)).map((pair) => pair.emailAccountId));
  return mailboxes.map((mailbox) => mailbox.id).filter((id) => withWork.has(id));
}

/**
 * The shared start of a pass: reconciles interrupted steps, resolves due waits, releases leads held
 * for AI lines no longer waiting (and the due e-mail
 * steps of leads without a mailbox), then finds the senders and the mailboxes with due work at
 * `at` — free to act, in an active campaign whose schedule is open, and pinned to at least one due
 * ready lead of their kind of step in such a campaign that includes them — in the order they
 * should act (the longest-resting first).
 */
export async function prepareExecutorPass(): Promise<{ reconciled: number; resolved: number; at: Date; senderIds: string[]; mailboxIds: string[] }> {
  // Turns reconcile their own sender's and mailbox's intents; the pass only those no turn can still be working on.
  const interrupted = await reconcileInterruptedSteps({ startedBefore: new Date(now().getTime() - STALE_INTENT_MS) });
  const reconciled = interrupted.recorded + interrupted.retried;
  let resolved = await resolveDueWaits();
  // Leads held for AI lines that no longer wait for anyone are due again (release-settled-ai-holds.ts).
  await releaseSettledAiHolds();
  const at = now();
  const active = await db.campaign.findMany({ where: { status: "active" } });
  const open = active.filter((campaign) => isWithinSchedule(scheduleOf(campaign), at));
  if (!open.length) return { reconciled, resolved, at, senderIds: [], mailboxIds: [] };
  resolved += await settleEmailLeadsWithoutMailbox(open, at);
  const [senderIds, mailboxIds] = await Promise.all([sendersWithWork(open, at), mailboxesWithWork(open, at)]);
  return { reconciled, resolved, at, senderIds, mailboxIds };
}

export async function runExecutorPass(options: { parallelism?: number } = {}): Promise<PassReport> {
  const { reconciled, resolved, at, senderIds, mailboxIds } = await prepareExecutorPass();
  let acted = 0;
  let emailed = 0;
  await inParallel(senderIds, options.parallelism ?? 8, async (senderId) => {
    try {
      if (await takeSenderTurn(senderId, at)) acted++;
    } catch (error) {
      logger.error("A sender's campaign turn failed", { accountId: senderId, error });
    }
  });
  // After the senders', in the pass's order: a lead held across campaigns goes the same way each time.
  await inParallel(mailboxIds, options.parallelism ?? 8, async (mailboxId) => {
    try {
      if (await takeMailboxTurn(mailboxId, at)) emailed++;
    } catch (error) {
      logger.error("A mailbox's campaign turn failed", { mailboxId, error });
    }
  });
  return { reconciled, resolved, acted, sendersConsidered: senderIds.length, emailed, mailboxesConsidered: mailboxIds.length };
}
