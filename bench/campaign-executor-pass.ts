// Benchmark: the cost of one campaign executor pass with many active leads and senders, on
// PostgreSQL, through the real services and the sandbox network.
//
//   npx tsx bench/campaign-executor-pass.ts [--leads=100000] [--senders=500] [--campaigns=10] [--profile=pass.cpuprofile]
//
// --profile writes a V8 CPU profile of the first pass (open it in Chrome's DevTools or speedscope).
//
// Measures a pass in which every sender is free and acts once (500 actions), then the five passes
// that follow, minute by minute (senders come back from their human-like gaps one by one), and a
// pass a day later when every sender is free again.
import { performance } from "node:perf_hooks";
import { median, rssMb } from "./bench-database";
import { formatBreakdown, startCpuProfile } from "./cpu-profile";
import { addProspectsToCampaign, benchArgs, setUpCampaignBench } from "./campaign-bench-setup";
import { ZCreateCampaignInput, ZUpdateCampaignInput } from "../server/schemas/campaign";
import { countStatements } from "../server/test/statement-counter";

const args = benchArgs();
const leadCount = Number(args.leads ?? 100_000);
const senderCount = Number(args.senders ?? 500);
const campaignCount = Number(args.campaigns ?? 10);

/** Runs a pass, counting its statements (the sandbox network's included) and this process's CPU time. */
async function measuredPass<T extends { acted: number }>(pass: () => Promise<T>): Promise<{ report: T; ms: number; line: string }> {
  const counter = countStatements();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const report = await pass();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const count = counter.stop();
  const cpuMs = (used.user + used.system) / 1000;
  const per = Math.max(1, report.acted);
  const line =
    `${count.queries} queries, ${count.transactions} transactions, ${count.statements} statements with transaction control; ` +
    `per action: ${(count.queries / per).toFixed(1)} queries, ${(count.transactions / per).toFixed(2)} transactions, ${(cpuMs / per).toFixed(2)} ms CPU (Node)`;
  return { report, ms, line };
}

async function main() {
  const clockModule = await import("../server/lib/clock");
  const clock = new clockModule.ManualClock("2026-03-02T09:00:00Z");
  clockModule.setClock(clock);
  let started = performance.now();
  const { actor, senders, tearDown } = await setUpCampaignBench({ prospects: leadCount, senderCount, senderPrefix: "bench-rep" });
  const { db } = await import("../server/db/client");
  const { sandboxDirectory } = await import("../server/providers/linkedin/sandbox/directory");
  const { createCampaign } = await import("../server/services/campaigns/create-campaign");
  const { updateCampaign } = await import("../server/services/campaigns/update-campaign");
  const { runExecutorPass } = await import("../server/services/campaigns/executor/run-executor-pass");

  const prospects = sandboxDirectory();
  const perCampaign = Math.ceil(leadCount / campaignCount);
  const sendersPerCampaign = Math.ceil(senderCount / campaignCount);
  const campaigns: string[] = [];
  for (let index = 0; index < campaignCount; index++) {
    const campaign = await createCampaign(
      actor,
      ZCreateCampaignInput.parse({
        name: `Bench ${index}`,
        linkedinAccountIds: senders.slice(index * sendersPerCampaign, (index + 1) * sendersPerCampaign),
        sequence: {
          steps: [
            { id: "invite", type: "invite", config: { note: "Hi {{firstName}}" } },
            { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks, {{firstName}}!" } },
          ],
        },
        schedule: { timezone: "UTC", activeHours: { from: "00:00", to: "23:59" }, activeDays: [1, 2, 3, 4, 5, 6, 7] },
      }),
    );
    campaigns.push(campaign.id);
    await addProspectsToCampaign(actor, campaign.id, prospects.slice(index * perCampaign, (index + 1) * perCampaign));
  }
  for (const id of campaigns) await updateCampaign(actor, id, ZUpdateCampaignInput.parse({ status: "active" }));
  const seeded = performance.now() - started;
  const active = await db.campaignLead.count({ where: { status: { in: ["pending", "running"] } } });
  console.log(`seeded ${active} active leads, ${senders.length} senders, ${campaigns.length} campaigns in ${(seeded / 1000).toFixed(1)} s`);

  const profiler = args.profile ? await startCpuProfile(args.profile) : null;
  const { report: busy, ms: busyMs, line: busyLine } = await measuredPass(() => runExecutorPass());
  const breakdown = await profiler?.stop();
  console.log(`pass with every sender acting: ${busy.acted} actions in ${busyMs.toFixed(0)} ms (${(busyMs / Math.max(1, busy.acted)).toFixed(1)} ms per action)`);
  console.log(`  ${busyLine}`);
  if (breakdown) console.log(`  where the main thread's time went (profile in ${args.profile}), per action:\n${formatBreakdown(breakdown, Math.max(1, busy.acted))}`);

  const following: Array<{ ms: number; acted: number }> = [];
  for (let minute = 1; minute <= 5; minute++) {
    clock.set(new Date(Date.parse("2026-03-02T09:00:00Z") + minute * 60_000));
    started = performance.now();
    const report = await runExecutorPass();
    following.push({ ms: performance.now() - started, acted: report.acted });
  }
  console.log(
    `the next five minutes' passes (senders coming back from their human-like gaps, ${active} leads due): median ${median(following.map((pass) => pass.ms)).toFixed(0)} ms; ${following.map((pass) => `${pass.ms.toFixed(0)} ms/${pass.acted} actions`).join(", ")}`,
  );

  // A day later: every invitation still waits for its answer, every sender is free again.
  clock.set(new Date(Date.parse("2026-03-03T09:00:00Z")));
  const { report: nextDay, ms: nextDayMs, line: nextDayLine } = await measuredPass(() => runExecutorPass());
  console.log(`pass a day later: ${nextDay.acted} actions, ${nextDay.resolved} waits resolved in ${nextDayMs.toFixed(0)} ms`);
  console.log(`  ${nextDayLine}`);
  console.log(`rss ${rssMb()} MB`);
  await tearDown();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
