// Benchmark: a 30-day campaign simulated through the real executor and the sandbox network, on
// PostgreSQL, with a manual clock (the campaign driver skips the minutes in which nothing can
// happen). Also compares what the forecast said at the start with what happened.
//
//   npx tsx bench/campaign-month.ts [--leads=10000] [--senders=50] [--days=30] [--forecast-days=30]
import { performance } from "node:perf_hooks";
import { rssMb } from "./bench-database";
import { addProspectsToCampaign, benchArgs, setUpCampaignBench } from "./campaign-bench-setup";
import { ZCreateCampaignInput, ZUpdateCampaignInput } from "../server/schemas/campaign";

const args = benchArgs();
const leadCount = Number(args.leads ?? 10_000);
const senderCount = Number(args.senders ?? 50);
const days = Number(args.days ?? 30);
/** Also time a forecast over this many days (the figure a user waits for on a long campaign). */
const forecastDays = Number(args["forecast-days"] ?? days);
const START = "2026-03-02T06:00:00Z";

async function main() {
  const clockModule = await import("../server/lib/clock");
  const clock = new clockModule.ManualClock(START);
  clockModule.setClock(clock);
  const { actor, senders, tearDown } = await setUpCampaignBench({ prospects: leadCount, senderCount, senderPrefix: "month-rep", timezone: "Europe/Paris" });
  const { db } = await import("../server/db/client");
  const { sandboxDirectory } = await import("../server/providers/linkedin/sandbox/directory");
  const { createCampaign } = await import("../server/services/campaigns/create-campaign");
  const { updateCampaign } = await import("../server/services/campaigns/update-campaign");
  const { forecastCampaign } = await import("../server/services/campaigns/forecast-campaign");
  const { driveCampaigns } = await import("../server/test/campaign-driver");

  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({
    name: "A month",
    linkedinAccountIds: senders,
    sequence: {
      steps: [
        { id: "visit", type: "visit_profile", nextDelayHours: 4 },
        { id: "invite", type: "invite", parent: "visit", config: { note: "Hi {{firstName}}", withdrawEnabled: true, withdrawDays: 10 } },
        { id: "thanks", type: "message", parent: "invite", branch: "yes", branchDelays: { yes: 2 }, nextDelayHours: 72, config: { text: "Thanks for connecting, {{firstName}}!" } },
        { id: "follow", type: "message", parent: "thanks", branch: "no", config: { text: "Following up, {{firstName}}" } },
        { id: "open", type: "if_open_profile", parent: "invite", branch: "no" },
        { id: "inmail", type: "inmail", parent: "open", branch: "yes", config: { subject: "Quick question", text: "Hi {{firstName}}", whenUnable: "skip" } },
      ],
    },
    schedule: { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] },
  }));
  await addProspectsToCampaign(actor, campaign.id, sandboxDirectory());

  let started = performance.now();
  const forecast = await forecastCampaign(actor, campaign.id, { days });
  const forecastMs = performance.now() - started;
  console.log(`forecast of ${leadCount} leads over ${days} days: ${(forecastMs / 1000).toFixed(1)} s, rss ${rssMb()} MB`);
  if (forecastDays !== days) {
    started = performance.now();
    await forecastCampaign(actor, campaign.id, { days: forecastDays });
    console.log(`forecast of ${leadCount} leads over ${forecastDays} days: ${((performance.now() - started) / 1000).toFixed(1)} s, rss ${rssMb()} MB`);
  }

  await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }));
  started = performance.now();
  let passMs = 0;
  let slowest = { ms: 0, at: "", report: "" };
  let last = performance.now();
  const drive = await driveCampaigns(clock, new Date(forecast.horizonEnd), {
    onPass: (report, at) => {
      const now = performance.now();
      passMs += now - last;
      if (now - last > slowest.ms) slowest = { ms: now - last, at: at.toISOString(), report: JSON.stringify(report) };
      last = now;
    },
  });
  const wall = performance.now() - started;
  const statuses = await db.campaignLead.groupBy({ by: ["status"], where: { campaignId: campaign.id }, _count: { _all: true } });
  const actions = await db.senderAction.groupBy({ by: ["type"], where: { workspaceId: actor.workspaceId }, _count: { _all: true } });
  console.log(`simulated ${days} days in ${(wall / 1000).toFixed(1)} s: ${drive.passes} passes (mean ${(passMs / drive.passes).toFixed(0)} ms), ${drive.acted} actions`);
  console.log(`slowest pass: ${slowest.ms.toFixed(0)} ms at ${slowest.at} ${slowest.report}`);
  console.log(`actions: ${actions.map((row) => `${row.type} ${row._count._all}`).join(", ")}`);
  console.log(`leads: ${statuses.map((row) => `${row.status} ${row._count._all}`).join(", ")}`);

  // Forecast against what happened.
  const leads = await db.campaignLead.findMany({ where: { campaignId: campaign.id }, select: { id: true, status: true } });
  const first = await db.senderAction.groupBy({ by: ["campaignLeadId"], where: { workspaceId: actor.workspaceId }, _min: { createdAt: true } });
  const firstAt = new Map(first.map((row) => [row.campaignLeadId, row._min.createdAt?.toISOString() ?? null]));
  const status = new Map(leads.map((lead) => [lead.id, lead.status as string]));
  let sameFirst = 0;
  let sameStatus = 0;
  const differences = new Map<string, number>();
  for (const predicted of forecast.leads) {
    if ((firstAt.get(predicted.campaignLeadId) ?? null) === predicted.firstActionAt) sameFirst++;
    const actual = status.get(predicted.campaignLeadId);
    if (actual === predicted.expectedStatus) sameStatus++;
    else {
      const key = `predicted ${predicted.expectedStatus}, was ${actual}`;
      differences.set(key, (differences.get(key) ?? 0) + 1);
      if (process.env.BENCH_VERBOSE && differences.get(key) === 1) {
        const journal = await db.campaignLeadStep.findMany({ where: { campaignLeadId: predicted.campaignLeadId }, orderBy: { startedAt: "asc" } });
        const row = await db.campaignLead.findUnique({ where: { id: predicted.campaignLeadId } });
        console.log(key, JSON.stringify(predicted), JSON.stringify(journal), JSON.stringify(row, (_key, value) => (typeof value === "bigint" ? String(value) : value)));
      }
    }
  }
  const listed = forecast.leads.length;
  const finished = await db.campaign.findUnique({ where: { id: campaign.id }, select: { finishedAt: true } });
  console.log(`forecast vs actual (${listed} listed leads): first action at the same minute ${sameFirst}/${listed}, same final status ${sameStatus}/${listed}; predicted finish ${forecast.finishAt ?? "beyond the horizon"}, finished ${finished?.finishedAt?.toISOString() ?? "not yet"}`);
  if (differences.size) console.log(`status differences: ${[...differences].map(([key, count]) => `${key}: ${count}`).join("; ")}`);
  console.log(`predicted totals ${JSON.stringify(forecast.totals)}`);
  console.log(`rss ${rssMb()} MB`);
  await tearDown();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
