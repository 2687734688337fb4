// The per-campaign lead counters (CampaignLeadCount, kept by triggers on CampaignLead): they equal a
// fresh count of the leads after every kind of change the product makes, and the campaigns list
// reads them instead of the leads.
import { afterEach, expect, it } from "vitest";
import pg from "pg";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { connectSender } from "@/server/services/senders/connect-sender";
import { pauseSender } from "@/server/services/senders/pause-sender";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { createTestWorkspace } from "@/server/test/factories";
import { addCampaignLeads } from "./add-campaign-leads";
import { createCampaign } from "./create-campaign";
import { deleteCampaign } from "./delete-campaign";
import { listCampaigns } from "./list-campaigns";
import { pauseCampaignLead } from "./pause-campaign-lead";
import { rebalanceCampaignSender } from "./rebalance-campaign-sender";
import { resumeCampaignLead } from "./resume-campaign-lead";
import { stopCampaignLead } from "./stop-campaign-lead";
import { updateCampaign } from "./update-campaign";
import { ZConnectSenderInput } from "../../schemas/sender";
import { ZCreateCampaignInput, ZUpdateCampaignInput, ZRebalanceInput } from "../../schemas/campaign";
import { ZLeadsInput } from "../../schemas/lead";

afterEach(() => setClock(systemClock));

const directory = sandboxDirectory();
const DAY = 86_400_000;

type Row = { campaignId: string; sender: string; status: string; leads: number; invited: number; accepted: number; messaged: number };
const key = (row: Row) => `${row.campaignId}|${row.sender}|${row.status}`;

/** The counters (zero rows left out) and a fresh count of the leads, in the same shape. */
async function countersAndTruth(): Promise<{ counters: Row[]; truth: Row[] }> {
  const counters = await db.$queryRaw<Row[]>`
    SELECT "campaignId", "linkedinAccountId" AS sender, status::text AS status, leads, invited, accepted, messaged
    FROM "CampaignLeadCount" WHERE leads <> 0 OR invited <> 0 OR accepted <> 0 OR messaged <> 0`;
  const truth = await db.$queryRaw<Row[]>`
    SELECT "campaignId", coalesce("linkedinAccountId", '') AS sender, status::text AS status, count(*)::int AS leads,
      count("invitationSentAt")::int AS invited, count(*) FILTER (WHERE "invitationAccepted")::int AS accepted,
      count("messageSentAt")::int AS messaged
    FROM "CampaignLead" GROUP BY 1, 2, 3`;
  const sort = (rows: Row[]) => rows.sort((a, b) => key(a).localeCompare(key(b)));
  return { counters: sort(counters), truth: sort(truth) };
}

async function expectCountersRight(stage: string) {
  const { counters, truth } = await countersAndTruth();
  expect(counters, stage).toEqual(truth);
}

it("keeps the counters equal to a fresh count through adding, the executor, answers, stop/pause/resume, pool changes, rebalance and deletion", async () => {
  const clock = new ManualClock("2026-03-02T07:00:00Z");
  setClock(clock);
  await ensureSandboxDirectory();
  const { actor } = await createTestWorkspace();
  const pool: string[] = [];
  for (const name of ["counters-a", "counters-b", "counters-c"]) {
    const account = await connectSender(actor, ZConnectSenderInput.parse({ username: `${name}@example.com`, password: "x" }), { via: "api" });
    pool.push(account.account.id);
  }
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({
    name: "Counted",
    linkedinAccountIds: pool.slice(0, 2),
    sequence: {
      steps: [
        { id: "invite", type: "invite", config: { note: "Hi {{firstName}}" } },
        { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks, {{firstName}}!" }, branchDelays: { yes: 1 } },
      ],
    },
    schedule: { timezone: "UTC", activeHours: { from: "08:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] },
  }));
  const other = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Unassigned" }));
  const urls = (from: number, count: number) => directory.slice(from, from + count).map((person) => ({ profileUrl: sandboxProfileUrl(person.publicIdentifier) }));
  const added = await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: urls(100, 24) }));
  await addCampaignLeads(actor, other.id, ZLeadsInput.parse({ leads: urls(100, 5) }));
  await expectCountersRight("after adding");

  await pauseCampaignLead(actor, campaign.id, added.leadIds[0]!);
  await stopCampaignLead(actor, campaign.id, added.leadIds[1]!);
  await pauseCampaignLead(actor, campaign.id, added.leadIds[2]!);
  await resumeCampaignLead(actor, campaign.id, added.leadIds[2]!);
  await expectCountersRight("after stop, pause and resume");

  await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }));
  await driveCampaigns(clock, new Date(Date.parse("2026-03-02T07:00:00Z") + 6 * DAY));
  const { counters } = await countersAndTruth();
  const sum = (field: keyof Row) => counters.filter((row) => row.campaignId === campaign.id).reduce((total, row) => total + Number(row[field]), 0);
  // The executor and the network's answers moved leads along: the funnel columns are exercised.
  expect(sum("invited")).toBeGreaterThan(0);
  expect(sum("accepted")).toBeGreaterThan(0);
  expect(sum("messaged")).toBeGreaterThan(0);
  await expectCountersRight("after six days of executor passes and answers");

  await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ linkedinAccountIds: pool }));
  await updateCampaign(actor, other.id, ZUpdateCampaignInput.parse({ linkedinAccountIds: [pool[2]!] }));
  await expectCountersRight("after pool changes");
  // Only a paused (or failed) sender's leads may be rebalanced.
  await pauseSender(actor, pool[0]!);
  await rebalanceCampaignSender(actor, campaign.id, ZRebalanceInput.parse({ linkedinAccountId: pool[0]! }));
  await expectCountersRight("after a rebalance");

  // A lead deleted from the workspace leaves its campaigns by cascade; so do a campaign's leads.
  await db.lead.delete({ where: { id: added.leadIds[5]! } });
  await expectCountersRight("after a lead's deletion");
  await deleteCampaign(actor, other.id);
  await expectCountersRight("after a campaign's deletion");
  expect(await db.campaignLeadCount.count({ where: { campaignId: other.id } })).toBe(0);

  const [listed] = (await listCampaigns(actor, { limit: 50, offset: 0 })).campaigns;
  const fresh = await db.campaignLead.groupBy({ by: ["status"], where: { campaignId: campaign.id }, _count: { _all: true } });
  expect(listed!.stats.total).toBe(23);
  for (const row of fresh) expect(listed!.stats[row.status], row.status).toBe(row._count._all);
}, 180_000);

it("lists campaigns without reading a single lead: it answers while the leads' table is locked", async () => {
  const { actor } = await createTestWorkspace();
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Busy" }));
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: directory.slice(0, 40).map((person) => ({ profileUrl: sandboxProfileUrl(person.publicIdentifier) })) }));
  await stopCampaignLead(actor, campaign.id, (await db.campaignLead.findFirstOrThrow({ where: { campaignId: campaign.id } })).leadId);

  // Another session holds the leads' table exclusively: any query that reads leads waits for it.
  const locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await locker.connect();
  try {
    await locker.query(`BEGIN; LOCK TABLE "CampaignLead" IN ACCESS EXCLUSIVE MODE`);
    const listing = listCampaigns(actor, { limit: 50, offset: 0 });
    const outcome = await Promise.race([listing.then((result) => result), new Promise<"blocked">((resolve) => setTimeout(() => resolve("blocked"), 3000))]);
    await locker.query("ROLLBACK");
    expect(outcome).not.toBe("blocked");
    if (outcome !== "blocked") expect(outcome.campaigns[0]!.stats).toMatchObject({ total: 40, pending: 39, stopped: 1 });
    await listing;
  } finally {
    await locker.end();
  }
});
