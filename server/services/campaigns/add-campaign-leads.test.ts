// Adding leads to a large campaign costs what the batch holds: the batch's rows are written once,
// the leads already there are not touched, and senders are still given out evenly.
import { afterEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import type { Actor } from "@/server/lib/actor";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { connectSender } from "@/server/services/senders/connect-sender";
import { createTestWorkspace } from "@/server/test/factories";
import { addCampaignLeads } from "./add-campaign-leads";
import { pickSenders } from "./assign-campaign-senders";
import { createCampaign } from "./create-campaign";
import { pauseCampaignLead } from "./pause-campaign-lead";
import { stopCampaignLead } from "./stop-campaign-lead";
import { updateCampaign } from "./update-campaign";
import { ZCreateCampaignInput, ZUpdateCampaignInput } from "../../schemas/campaign";
import { ZConnectSenderInput } from "../../schemas/sender";
import { ZLeadsInput } from "../../schemas/lead";

afterEach(() => setClock(systemClock));

const url = (index: number) => ({ profileUrl: `https://www.linkedin.com/in/scale-person-${index}` });

async function add(actor: Actor, campaignId: string, from: number, count: number) {
  return addCampaignLeads(actor, campaignId, ZLeadsInput.parse({ leads: Array.from({ length: count }, (_, index) => url(from + index)) }));
}

async function senders(actor: Actor, label: string, count: number): Promise<string[]> {
  await ensureSandboxDirectory();
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const account = await connectSender(actor, ZConnectSenderInput.parse({ username: `${label}-${index}@example.com`, password: "x" }), { via: "api" });
    ids.push(account.account.id);
  }
  return ids;
}

/** Row versions of a campaign's leads: a row rewritten by UPDATE gets a new xmin (and leaves a dead row). */
async function rowVersions(campaignId: string): Promise<Map<string, string>> {
  const rows = await db.$queryRaw<Array<{ id: string; version: string }>>`SELECT id, xmin::text AS version FROM "CampaignLead" WHERE "campaignId" = ${campaignId}`;
  return new Map(rows.map((row) => [row.id, row.version]));
}

/** Rows inserted into and updated in CampaignLead, once the statistics include `inserted` inserts. */
async function tableWrites(inserted: number): Promise<{ inserted: number; updated: number }> {
  for (let attempt = 0; ; attempt++) {
    const [row] = await db.$queryRaw<Array<{ inserted: number; updated: number }>>`
      SELECT n_tup_ins::int AS inserted, n_tup_upd::int AS updated FROM pg_stat_user_tables WHERE relname = 'CampaignLead'`;
    // Each session reports its counts shortly after its transaction ends; inserts and updates of one
    // transaction are reported together.
    if (row!.inserted >= inserted || attempt > 150) return row!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it.each([
  ["an empty sender pool", 0],
  ["a pool of two senders", 2],
])("adds a batch to a campaign of 2000 leads with %s touching only the batch's rows", async (_label, senderCount) => {
  const { actor } = await createTestWorkspace();
  const pool = await senders(actor, `touch-${senderCount}`, senderCount);
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Large", linkedinAccountIds: pool, sequence: { steps: [{ type: "invite" }] } }));
  await add(actor, campaign.id, 0, 1000);
  await add(actor, campaign.id, 1000, 1000);
  // Every lead row of this database was inserted once (none deleted): wait until all are reported.
  const before = await tableWrites(await db.campaignLead.count());
  const versions = await rowVersions(campaign.id);

  const batch = await add(actor, campaign.id, 2000, 100);
  expect(batch.added).toBe(100);
  const after = await tableWrites(before.inserted + 100);
  expect(after.inserted - before.inserted).toBe(100);
  // The batch may write its own rows, never the 2000 already there.
  expect(after.updated - before.updated).toBeLessThanOrEqual(100);
  const rewritten = [...(await rowVersions(campaign.id))].filter(([id, version]) => versions.has(id) && versions.get(id) !== version);
  expect(rewritten).toEqual([]);
}, 60_000);

it("gives each new lead the pool's lightest sender, counting open leads only, first in pool order on a tie", async () => {
  const { actor } = await createTestWorkspace();
  const [a, b, c] = await senders(actor, "balance", 3);
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Balanced", linkedinAccountIds: [a!, b!, c!], sequence: { steps: [{ type: "invite" }] } }));
  const sendersOf = async (leadIds: string[]) => {
    const rows = await db.campaignLead.findMany({ where: { campaignId: campaign.id, leadId: { in: leadIds } }, select: { leadId: true, linkedinAccountId: true } });
    const byLead = new Map(rows.map((row) => [row.leadId, row.linkedinAccountId]));
    return leadIds.map((id) => byLead.get(id));
  };
  const first = await add(actor, campaign.id, 0, 5);
  expect(await sendersOf(first.leadIds)).toEqual([a, b, c, a, b]);
  // A stopped lead no longer weighs on its sender; a paused one still does.
  await stopCampaignLead(actor, campaign.id, first.leadIds[0]!);
  await pauseCampaignLead(actor, campaign.id, first.leadIds[1]!);
  const second = await add(actor, campaign.id, 5, 3);
  expect(await sendersOf(second.leadIds)).toEqual([a, c, a]);

  // Without a pool leads wait unassigned; a pool given later takes them evenly, in order.
  const unpooled = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Later", sequence: { steps: [{ type: "invite" }] } }));
  const waiting = await add(actor, unpooled.id, 20, 4);
  expect((await db.campaignLead.findMany({ where: { campaignId: unpooled.id } })).map((lead) => lead.linkedinAccountId)).toEqual([null, null, null, null]);
  await updateCampaign(actor, unpooled.id, ZUpdateCampaignInput.parse({ linkedinAccountIds: [b!, c!] }));
  const assigned = await db.campaignLead.findMany({ where: { campaignId: unpooled.id }, orderBy: { seq: "asc" } });
  expect(assigned.map((lead) => lead.leadId)).toEqual(waiting.leadIds);
  expect(assigned.map((lead) => lead.linkedinAccountId)).toEqual([b, c, b, c]);
});

it("leaves a campaign's unassigned leads alone when its pool is saved empty", async () => {
  const { actor } = await createTestWorkspace();
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "No pool" }));
  await add(actor, campaign.id, 0, 50);
  const versions = await rowVersions(campaign.id);
  await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ linkedinAccountIds: [] }));
  expect(await rowVersions(campaign.id)).toEqual(versions);
});

it("writes the leads as given, in request order, at the clock's time, with their first step and variables", async () => {
  setClock(new ManualClock("2026-03-02T09:30:00.123Z"));
  const { actor } = await createTestWorkspace();
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Exact", sequence: { steps: [{ id: "look", type: "visit_profile" }] } }));
  const result = await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({
    leads: [
      { profileUrl: "https://www.linkedin.com/in/exact-b", firstName: "Bea", company: "Acme", customVariables: { pain: "hiring" } },
      { email: "ann@example.com", lastName: "Ames" },
      { profileUrl: "https://www.linkedin.com/in/exact-a" },
    ],
  }));
  const rows = await db.campaignLead.findMany({ where: { campaignId: campaign.id }, include: { lead: true }, orderBy: { seq: "asc" } });
  expect(rows.map((row) => row.leadId)).toEqual(result.leadIds);
  expect(rows.map((row) => row.id)).toEqual(result.campaignLeadIds);
  const at = new Date("2026-03-02T09:30:00.123Z");
  for (const row of rows) {
    expect(row).toMatchObject({ status: "pending", phase: "ready", currentStepId: "look", currentStepType: "visit_profile", waitUntil: at, createdAt: at, updatedAt: at, linkedinAccountId: null });
    expect(row.lead).toMatchObject({ source: "api", createdAt: at, updatedAt: at, tags: [] });
  }
  expect(rows[0]!.customVariables).toEqual({ pain: "hiring" });
  expect(rows[0]!.lead).toMatchObject({ publicIdentifier: "exact-b", profileUrl: "https://www.linkedin.com/in/exact-b", firstName: "Bea", company: "Acme", customVariables: { pain: "hiring" } });
  expect(rows[1]!.lead).toMatchObject({ email: "ann@example.com", lastName: "Ames", publicIdentifier: null, profileUrl: null, firstName: null });
  expect(rows[1]!.customVariables).toEqual({});
});

it("picks the lightest sender in turn, the first in pool order on a tie, and none without a pool", () => {
  const loads = new Map([
    ["a", 2],
    ["b", 0],
    ["c", 1],
  ]);
  expect(pickSenders(["a", "b", "c"], loads, 5)).toEqual(["b", "b", "c", "a", "b"]);
  expect(loads).toEqual(new Map([["a", 3], ["b", 3], ["c", 2]]));
  expect(pickSenders([], new Map(), 2)).toEqual([null, null]);
});
