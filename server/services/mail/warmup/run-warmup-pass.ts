// The warmup pass (inngest/functions/run-warmup-pass.ts runs it every 5 minutes; tests and the
// benchmark call runWarmupPass directly): each network in use ticks for its warming mailboxes, in
// batches, then the sync keeps every warmup object true. A network that fails is logged and the
// others go on; a network with no warming mailbox is not called.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { logger } from "../../../lib/logger";
import { getWarmupNetwork } from "../../../providers/warmup";
import type { WarmupNetworkName, WarmupTickResult } from "../../../providers/warmup/types";
import { syncWarmup, type SyncWarmupResult } from "./sync-warmup";

/** Mailboxes per tick call: one batch's reads and writes stay a few statements of bounded size. */
export const WARMUP_TICK_BATCH = 250;

export interface WarmupPassPlan {
  at: string;
  /** Per network in use, its warming mailboxes in batches. */
  batches: Array<{ network: WarmupNetworkName; mailboxIds: string[] }>;
}

export type WarmupBatchResult = (WarmupTickResult & { network: WarmupNetworkName; mailboxes: number }) | { network: WarmupNetworkName; mailboxes: number; error: string };

export async function planWarmupPass(at: Date = now()): Promise<WarmupPassPlan> {
  const rows = await db.mailboxWarmup.findMany({
    where: { status: { in: ["warming", "warm"] }, externalId: { not: null } },
    select: { mailboxId: true, network: true },
    orderBy: { mailboxId: "asc" },
  });
  const byNetwork = new Map<WarmupNetworkName, string[]>();
  for (const row of rows) {
    const network = row.network as WarmupNetworkName;
    byNetwork.set(network, [...(byNetwork.get(network) ?? []), row.mailboxId]);
  }
  const batches: WarmupPassPlan["batches"] = [];
  for (const [network, ids] of [...byNetwork].sort(([a], [b]) => a.localeCompare(b))) {
    for (let start = 0; start < ids.length; start += WARMUP_TICK_BATCH) batches.push({ network, mailboxIds: ids.slice(start, start + WARMUP_TICK_BATCH) });
  }
  return { at: at.toISOString(), batches };
}

/** One network's tick for a batch; a failure is logged and reported, never thrown (the other networks go on). */
export async function tickWarmupBatch(network: WarmupNetworkName, at: Date, mailboxIds: string[]): Promise<WarmupBatchResult> {
  try {
    const tick = await (await getWarmupNetwork(network)).tick(at, { mailboxIds });
    return { network, mailboxes: mailboxIds.length, ...tick };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.error("warmup: a network's tick failed", { network, mailboxes: mailboxIds.length, error: message });
    return { network, mailboxes: mailboxIds.length, error: message };
  }
}

export async function runWarmupPass(at: Date = now()): Promise<{ batches: WarmupBatchResult[]; sync: SyncWarmupResult }> {
  const plan = await planWarmupPass(at);
  const batches: WarmupBatchResult[] = [];
  for (const batch of plan.batches) batches.push(await tickWarmupBatch(batch.network, at, batch.mailboxIds));
  return { batches, sync: await syncWarmup({ at }) };
}
