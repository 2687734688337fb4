// The embedded path of the campaign executor, end to end: Herald's real Inngest functions served by
// the real route, driven by the embedded executor. A pass fans out one herald/sender-turn.due event
// per sender with due work (step.sendEvent), take-sender-turn runs keyed by sender take the turns,
// and the campaign finishes with every lead visited once.
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "../db/client";
import { sandboxDirectory, sandboxProfileUrl } from "../providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "../providers/linkedin/sandbox/store";
import { addCampaignLeads } from "../services/campaigns/add-campaign-leads";
import { createCampaign } from "../services/campaigns/create-campaign";
import { updateCampaign } from "../services/campaigns/update-campaign";
import { connectSender } from "../services/senders/connect-sender";
import { createTestWorkspace } from "../test/factories";
import { startHeraldJobs, type HeraldJobs } from "../test/herald-jobs";
import { ManualClock } from "../lib/clock";
import { ZConnectSenderInput } from "@/server/schemas/sender";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";

let jobs: HeraldJobs;

beforeAll(async () => {
  // A Monday morning, inside the campaign's schedule.
  jobs = await startHeraldJobs(new ManualClock("2026-03-02T09:00:00Z"));
});
afterAll(async () => {
  await jobs.stop();
});

it("runs a campaign through pass and per-sender turn functions on the embedded executor", async () => {
  await ensureSandboxDirectory();
  const { actor } = await createTestWorkspace();
  const pool: string[] = [];
  for (const name of ["turn-a", "turn-b"]) {
    const connected = await connectSender(actor, ZConnectSenderInput.parse({ username: `${name}-${Date.now()}@example.com`, password: "x" }), { via: "api" });
    pool.push(connected.account.id);
  }
  const campaign = await createCampaign(
    actor,
    ZCreateCampaignInput.parse({
      linkedinAccountIds: pool,
      sequence: { steps: [{ id: "visit", type: "visit_profile" }] },
      schedule: { timezone: "UTC", activeHours: { from: "08:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] },
    }),
  );
  const prospects = sandboxDirectory().slice(120, 126);
  await addCampaignLeads(actor, campaign.id, { leads: prospects.map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) })) });
  await updateCampaign(actor, campaign.id, { status: "active" });
  await jobs.executor.drain();

  // The activation's pass found both senders with due work and asked for a turn for each.
  const turns = await db.jobRun.findMany({ where: { functionId: "herald-take-sender-turn" }, orderBy: { createdAt: "asc" } });
  expect(new Set(turns.map((run) => (run.event as { data: { senderId: string } }).data.senderId))).toEqual(new Set(pool));
  // One turn per sender at a time, and a limit on all the turns together (HERALD_TURN_CONCURRENCY).
  expect(turns.map((run) => run.concurrencyKeys)).toEqual(
    turns.map((run) => [`fn:herald-take-sender-turn:${(run.event as { data: { senderId: string } }).data.senderId}`, "fn:herald-take-sender-turn:"]),
  );
  expect(turns.every((run) => run.status === "completed")).toBe(true);
  expect(await db.campaignLeadStep.count({ where: { campaignId: campaign.id, status: "done" } })).toBe(2);

  // Minute by minute, the cron passes hand out turns until every lead is visited.
  for (let minute = 0; minute < 240; minute++) {
    const open = await db.campaignLead.count({ where: { campaignId: campaign.id, status: { in: ["pending", "running"] } } });
    if (!open) break;
    jobs.clock.advance(60_000);
    await jobs.executor.drain();
  }
  const leads = await db.campaignLead.findMany({ where: { campaignId: campaign.id }, include: { journal: true } });
  expect(leads.map((lead) => lead.status)).toEqual(prospects.map(() => "done"));
  expect(leads.map((lead) => lead.journal.filter((step) => step.stepType === "visit_profile" && step.status === "done").length)).toEqual(prospects.map(() => 1));
  expect(await db.jobRun.count({ where: { functionId: { in: ["herald-take-sender-turn", "herald-run-campaign-executor"] }, status: "failed" } })).toBe(0);
}, 300_000);
