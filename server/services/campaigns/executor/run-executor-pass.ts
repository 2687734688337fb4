// One pass of the campaign executor (run every minute and when something gives it work; passes
// never overlap). It reconciles interrupted steps, resolves due waits and conditions, then lets
// each available sender with due work take one turn (take-sender-turn.ts): the due lead it is
// pinned to that comes first, inside the campaign's schedule and the sender's caps, then a
// human-like pause before its next action.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { logger } from "../../../lib/logger";
import { isWithinSchedule } from "../../../domain/sequence/schedule";
import { ACTION_STEP_TYPES, senderCanActAt, senderTurnOrder, turnSender } from "../../../domain/sequence/turn-policy";
import { scheduleOf } from "./load-campaign-sequence";
import { reconcileInterruptedSteps } from "./reconcile-interrupted-steps";
import { resolveDueWaits } from "./resolve-due-waits";
import { takeSenderTurn } from "./take-sender-turn";

/** An intent older than this belongs to no running turn (turns start within 50 s and take seconds). */
const STALE_INTENT_MS = 10 * 60_000;

export interface PassReport {
  reconciled: number;
  resolved: number;
  acted: number;
  sendersConsidered: number;
}

async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(limit, queue.length) }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

/**
 * The shared start of a pass: reconciles interrupted steps, resolves due waits, then finds the
 * senders with due work at `at` — free to act, in an active campaign whose schedule is open, and
 * pinned to at least one due ready lead of an action step in such a campaign that includes them —
 * in the order they should act (the longest-resting first).
 */
export async function prepareExecutorPass(): Promise<{ reconciled: number; resolved: number; at: Date; senderIds: string[] }> {
  // Turns reconcile their own sender's intents; the pass only those no turn can still be working on.
  const interrupted = await reconcileInterruptedSteps({ startedBefore: new Date(now().getTime() - STALE_INTENT_MS) });
  const reconciled = interrupted.recorded + interrupted.retried;
  const resolved = await resolveDueWaits();
  const at = now();
  const active = await db.campaign.findMany({ where: { status: "active" } });
  const open = active.filter((campaign) => isWithinSchedule(scheduleOf(campaign), at));
  if (!open.length) return { reconciled, resolved, at, senderIds: [] };

  const poolIds = [...new Set(open.flatMap((campaign) => campaign.linkedinAccountIds))];
  const pool = await db.linkedinAccount.findMany({
    where: { id: { in: poolIds } },
    select: { id: true, connectionStatus: true, status: true, paused: true, cooldownUntil: true, nextActionAt: true },
  });
  const senders = pool
    .map(turnSender)
    .filter((sender) => senderCanActAt(sender, at.getTime()))
    .sort(senderTurnOrder);
  if (!senders.length) return { reconciled, resolved, at, senderIds: [] };
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
  return { reconciled, resolved, at, senderIds: senders.map((sender) => sender.id).filter((id) => withWork.has(id)) };
}

export async function runExecutorPass(options: { parallelism?: number } = {}): Promise<PassReport> {
  const { reconciled, resolved, at, senderIds } = await prepareExecutorPass();
  let acted = 0;
  await inParallel(senderIds, options.parallelism ?? 8, async (senderId) => {
    try {
      if (await takeSenderTurn(senderId, at)) acted++;
    } catch (error) {
      logger.error("A sender's campaign turn failed", { accountId: senderId, error });
    }
  });
  return { reconciled, resolved, acted, sendersConsidered: senderIds.length };
}
