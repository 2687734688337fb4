// Benchmark: how soon every due sender acts after the minute's pass when each LinkedIn call waits
// like a real provider's, on one Herald process running the real executor path (the embedded
// executor driving Herald's Inngest functions through the real /api/inngest route, on PostgreSQL).
//
//   npx tsx bench/sender-turns-latency.ts [--senders=500] [--latency=800] [--jitter=200]
//     [--concurrency=50] [--pool=<HERALD_DATABASE_POOL_SIZE>] [--window=60]
//
// Seeds `senders` sandbox senders, each with one due invitation in one of ten campaigns, then gives
// the sandbox network its latency and lets the executor's cron start the minute's pass. Reports, from
// the minute's start, when each sender's invitation was done (p50,
// p90, max, how many within `window` seconds), when the pass had handed out the turns, and the CPU
// seconds this process used. Each invitation is two provider calls (read the profile, invite).
import { performance } from "node:perf_hooks";
import { benchArgs, addProspectsToCampaign, setUpCampaignBench } from "./campaign-bench-setup";
import { ZCreateCampaignInput, ZUpdateCampaignInput } from "../server/schemas/campaign";
import type { Clock } from "../server/lib/clock";

const args = benchArgs();
const senderCount = Number(args.senders ?? 500);
const latencyMs = Number(args.latency ?? 800);
const jitterMs = Number(args.jitter ?? 200);
const concurrency = Number(args.concurrency ?? 50);
const windowSeconds = Number(args.window ?? 60);
const CAMPAIGNS = 10;

// Read when the Inngest functions and the database pool are created.
process.env.HERALD_TURN_CONCURRENCY = String(concurrency);
if (args.pool) process.env.HERALD_DATABASE_POOL_SIZE = args.pool;

/** The wall clock moved to a Monday morning, inside every schedule: real time passes, at a known hour. */
function shiftedClock(start: string): Clock & { jumpTo(at: string): void } {
  let offset = Date.parse(start) - Date.now();
  return {
    now: () => new Date(Date.now() + offset),
    jumpTo(at: string) {
      offset = Date.parse(at) - Date.now();
    },
  };
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? NaN;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const clockModule = await import("../server/lib/clock");
  const clock = shiftedClock("2026-03-02T09:00:00Z");
  clockModule.setClock(clock);
  let started = performance.now();
  const { actor, senders, tearDown } = await setUpCampaignBench({ prospects: senderCount, senderCount, senderPrefix: "latency-rep" });
  const { db } = await import("../server/db/client");
  const { sandboxDirectory } = await import("../server/providers/linkedin/sandbox/directory");
  const { createCampaign } = await import("../server/services/campaigns/create-campaign");
  const { updateCampaign } = await import("../server/services/campaigns/update-campaign");

  // Seeded without a job runner (no pass yet) and without latency (connecting senders calls LinkedIn).
  const prospects = sandboxDirectory();
  const perCampaign = Math.ceil(senderCount / CAMPAIGNS);
  for (let index = 0; index < CAMPAIGNS; index++) {
    const pool = senders.slice(index * perCampaign, (index + 1) * perCampaign);
    if (!pool.length) break;
    const campaign = await createCampaign(
      actor,
      ZCreateCampaignInput.parse({
        name: `Latency ${index}`,
        linkedinAccountIds: pool,
        sequence: { steps: [{ id: "invite", type: "invite", config: { note: "Hi {{firstName}}" } }] },
        schedule: { timezone: "UTC", activeHours: { from: "00:00", to: "23:59" }, activeDays: [1, 2, 3, 4, 5, 6, 7] },
      }),
    );
    await addProspectsToCampaign(actor, campaign.id, prospects.slice(index * perCampaign, index * perCampaign + pool.length));
    await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }));
  }
  const dueSenders = await db.campaignLead.groupBy({ by: ["linkedinAccountId"], where: { status: { in: ["pending", "running"] } } });
  console.log(`seeded ${senderCount} senders, ${dueSenders.length} with a due lead, in ${seconds(performance.now() - started)}`);

  process.env.HERALD_SANDBOX_LATENCY_MS = String(latencyMs);
  process.env.HERALD_SANDBOX_LATENCY_JITTER_MS = String(jitterMs);
  const { resetEnv } = await import("../server/env");
  resetEnv();
  const { setLinkedinProvider } = await import("../server/providers/linkedin");
  setLinkedinProvider(undefined);

  const { startHeraldJobs } = await import("../server/test/herald-jobs");
  const { databasePoolSize } = await import("../server/db/client");
  const { defaultMaxParallel } = await import("../server/embedded-inngest/executor");
  // The pass is the minute's cron pass: just before a minute starts, the executor starts, and from
  // that minute on everything runs on real time (the next minute's pass included, as in production).
  const passAt = Math.ceil((clock.now().getTime() + 5_000) / 60_000) * 60_000;
  clock.jumpTo(new Date(passAt - 3_000).toISOString());
  const jobs = await startHeraldJobs(clock, { manual: false });
  console.log(
    `turn concurrency ${concurrency}, executor max parallel ${defaultMaxParallel()}, database pool ${databasePoolSize()}, latency ${latencyMs} ± ${jitterMs} ms per provider call`,
  );

  while (clock.now().getTime() < passAt) await new Promise((resolve) => setTimeout(resolve, 10));
  const cpuBefore = process.cpuUsage();
  started = performance.now();
  let done = 0;
  let lastReport = 0;
  while (done < dueSenders.length && performance.now() - started < (windowSeconds + 30) * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    done = await db.campaignLeadStep.count({ where: { status: "done" } });
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      console.log(`  ${seconds(performance.now() - started)}: ${done} acted`);
    }
  }
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);

  const steps = await db.campaignLeadStep.findMany({ where: { status: "done" }, select: { finishedAt: true } });
  const actedAfter = steps.map((step) => step.finishedAt!.getTime() - passAt).sort((a, b) => a - b);
  const turnRuns = await db.jobRun.aggregate({ where: { functionId: "herald-take-sender-turn" }, _min: { createdAt: true }, _max: { createdAt: true }, _count: true });
  const failedTurns = await db.jobRun.count({ where: { functionId: "herald-take-sender-turn", status: "failed" } });
  const withinWindow = actedAfter.filter((ms) => ms <= windowSeconds * 1000).length;
  // The first pass's turns: how long they waited for a slot, and how long their turn step took.
  const firstTurns = await db.jobRun.findMany({
    where: { functionId: "herald-take-sender-turn" },
    orderBy: { createdAt: "asc" },
    take: dueSenders.length,
    select: { createdAt: true, startedAt: true, history: { where: { name: "turn" }, select: { durationMs: true } } },
  });
  const turnMs = firstTurns.map((run) => run.history[0]?.durationMs ?? 0).sort((a, b) => a - b);
  const waitedMs = firstTurns
    .map((run) => (run.startedAt ? run.startedAt.getTime() - run.createdAt.getTime() - (run.history[0]?.durationMs ?? 0) : NaN))
    .sort((a, b) => a - b);
  const intakeMs = (firstTurns.at(-1)?.createdAt.getTime() ?? NaN) - passAt;
  console.log(
    [
      `acted: ${actedAfter.length} of ${dueSenders.length} due senders; within ${windowSeconds} s: ${withinWindow}`,
      `act time after the pass: p50 ${seconds(percentile(actedAfter, 0.5))}, p90 ${seconds(percentile(actedAfter, 0.9))}, max ${seconds(actedAfter.at(-1) ?? NaN)}`,
      `turn runs: ${turnRuns._count} (${failedTurns} failed; more than the due senders when a minute's cron pass ran meanwhile), queued from ${seconds(turnRuns._min.createdAt!.getTime() - passAt)} to ${seconds(turnRuns._max.createdAt!.getTime() - passAt)} after the pass`,
      `the pass's ${firstTurns.length} turns: all queued ${seconds(intakeMs)} after the pass; waited for a slot p50 ${seconds(percentile(waitedMs, 0.5))}, p90 ${seconds(percentile(waitedMs, 0.9))}; turn step p50 ${seconds(percentile(turnMs, 0.5))}, p90 ${seconds(percentile(turnMs, 0.9))}, max ${seconds(turnMs.at(-1) ?? NaN)}`,
      `this process: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} CPU s over ${seconds(wallMs)} wall`,
    ].join("\n"),
  );
  await jobs.stop();
  await tearDown();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
