// The warmup pass, every 5 minutes: each warmup network in use ticks for its warming mailboxes (the
// day's warmup e-mails go out through the day, so 5 minutes keeps the charts moving without
// bursts), in batches of WARMUP_TICK_BATCH mailboxes, one step each; then the sync keeps every
// warmup object true (day, warm, health, hold). Passes never overlap (concurrency 1). A network's
// failure is logged inside its step and the other networks go on; the next pass catches up, since
// a tick writes each day's figures as absolute values.
import { cron } from "inngest";
import { planWarmupPass, tickWarmupBatch } from "@/server/services/mail/warmup/run-warmup-pass";
import { syncWarmup } from "@/server/services/mail/warmup/sync-warmup";
import { inngest } from "../client";

export const WARMUP_PASS_CRON = "*/5 * * * *";

export const runWarmupPass = inngest.createFunction(
  { id: "run-warmup-pass", name: "Run the warmup networks and sync warmup", triggers: [cron(WARMUP_PASS_CRON)], concurrency: { limit: 1 }, retries: 2 },
  async ({ step }) => {
    const plan = await step.run("plan", () => planWarmupPass());
    const at = new Date(plan.at);
    const counts = new Map<string, number>();
    const batches = [];
    for (const batch of plan.batches) {
      // Step ids per network and batch number, stable across the retries of one pass.
      const index = counts.get(batch.network) ?? 0;
      counts.set(batch.network, index + 1);
      batches.push(await step.run(`tick-${batch.network}-${index}`, () => tickWarmupBatch(batch.network, at, batch.mailboxIds)));
    }
    const sync = await step.run("sync", () => syncWarmup({ at }));
    return { at: plan.at, batches, sync };
  },
);
