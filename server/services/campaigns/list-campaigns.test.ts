// The campaigns list: one statement per page however many campaigns it shows (the Json columns
// come from a per-process cache keyed by updatedAt, the stats from the counters), the same
// campaigns as a campaign's own read, and a change shows in the next list at once.
import { describe, expect, it, vi } from "vitest";
import pg from "pg";
import { db, Prisma } from "@/server/db/client";
import { createTestWorkspace } from "@/server/test/factories";
import { ZCreateCampaignInput, ZUpdateCampaignInput } from "../../schemas/campaign";
import { ZLeadsInput } from "../../schemas/lead";
import { addCampaignLeads } from "./add-campaign-leads";
import { archiveCampaign } from "./archive-campaign";
import { createCampaign } from "./create-campaign";
import { campaignsPageStatement, listCampaigns } from "./list-campaigns";
import { stopCampaignLead } from "./stop-campaign-lead";
import { toCampaigns } from "./to-campaign";
import { updateCampaign } from "./update-campaign";
import { updateCampaignStep } from "./update-campaign-step";

const sequence = {
  steps: [
    { type: "visit_profile" },
    { type: "invite", config: { note: "Hi {{firstName}}" } },
    { type: "message", config: { text: "Thanks!", variants: [{ text: "Thanks!" }, { text: "Thank you!" }] } },
  ],
};

/** Runs `read` and returns what it returned with the statements the pg driver was sent meanwhile. */
async function counted<T>(read: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const sent = vi.spyOn(pg.Client.prototype, "query");
  try {
    const result = await read();
    const statements = sent.mock.calls.map(([text]) => (typeof text === "string" ? text : (text as { text: string }).text));
    return { result, statements };
  } finally {
    sent.mockRestore();
  }
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

describe("the campaigns list", () => {
  it("looks up each campaign's journal in its index, also beside a campaign that holds most of the journal", async () => {
    const { actor } = await createTestWorkspace();
    for (let index = 0; index < 20; index++) await createCampaign(actor, ZCreateCampaignInput.parse({ name: `Quiet ${index}` }));
    const big = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Busy" }));
    const workspaceId = actor.workspaceId;
    await db.$executeRaw`
      INSERT INTO "Lead" (id, "workspaceId", "publicIdentifier", "profileUrl", source, "createdAt", "updatedAt")
      SELECT 'led_plan_' || n, ${workspaceId}, 'plan-' || n, 'https://www.linkedin.com/in/plan-' || n, 'api', now(), now()
      FROM generate_series(1, 5000) n`;
    await db.$executeRaw`
      INSERT INTO "CampaignLead" ("workspaceId", "campaignId", "leadId", status, "currentStepId", "currentStepType", "waitUntil", "createdAt", "updatedAt")
      SELECT ${workspaceId}, ${big.id}, 'led_plan_' || n, 'running', 'invite', 'invite', now(), now(), now() FROM generate_series(1, 5000) n`;
    await db.$executeRaw`
      INSERT INTO "CampaignLeadStep" ("campaignLeadId", "campaignId", "stepId", "stepType", status, "startedAt")
      SELECT id, "campaignId", 'invite', 'invite', 'done', now() FROM "CampaignLead" WHERE "campaignId" = ${big.id}`;
    await db.$executeRawUnsafe(`ANALYZE "CampaignLeadStep"`);
    const [explained] = await db.$queryRaw<Array<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>>(
      Prisma.sql`EXPLAIN (FORMAT JSON) ${campaignsPageStatement(actor, { limit: 100, offset: 0 })}`,
    );
    const journal = nodes(explained!["QUERY PLAN"][0]!.Plan).filter((node) => node["Relation Name"] === "CampaignLeadStep");
    expect(journal.length).toBeGreaterThan(0);
    expect(journal.map((node) => node["Node Type"])).not.toContain("Seq Scan");
    const listed = await listCampaigns(actor, { limit: 100, offset: 0 });
    expect(listed.campaigns.filter((campaign) => campaign.leadsInProgress).map((campaign) => campaign.name)).toEqual(["Busy"]);
  });

  it("shows each campaign as its own read does, with stats from the counters", async () => {
    const { actor } = await createTestWorkspace();
    const first = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "First", sequence }));
    const second = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Second", tracking: { opens: "on" } }));
    const added = await addCampaignLeads(actor, first.id, ZLeadsInput.parse({ leads: Array.from({ length: 5 }, (_, index) => ({ profileUrl: `https://www.linkedin.com/in/listed-${index}` })) }));
    await stopCampaignLead(actor, first.id, added.leadIds[0]!);
    const lead = await db.campaignLead.findFirstOrThrow({ where: { campaignId: first.id, status: "pending" } });
    await db.campaignLeadStep.create({ data: { campaignLeadId: lead.id, campaignId: first.id, stepId: "x", stepType: "invite", status: "done", startedAt: new Date() } });

    const rows = await db.campaign.findMany({ where: { workspaceId: actor.workspaceId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
    const expected = await toCampaigns(rows);
    const listed = await listCampaigns(actor, { limit: 10, offset: 0 });
    expect(listed).toEqual({ campaigns: expected, total: 2 });
    // The same key order too: the JSON a client gets is unchanged.
    expect(JSON.stringify(listed.campaigns)).toBe(JSON.stringify(expected));
    expect(listed.campaigns.map((campaign) => campaign.id)).toEqual([second.id, first.id]);
    expect(listed.campaigns[1]).toMatchObject({ leadsInProgress: true, stats: { total: 5, pending: 4, stopped: 1 } });
    expect(listed.campaigns[0]).toMatchObject({ leadsInProgress: false, stats: { total: 0 } });
    // Paging, and a page past the end still has the total.
    expect((await listCampaigns(actor, { limit: 1, offset: 1 })).campaigns.map((campaign) => campaign.id)).toEqual([first.id]);
    expect(await listCampaigns(actor, { limit: 10, offset: 5 })).toEqual({ campaigns: [], total: 2 });
    expect(await listCampaigns((await createTestWorkspace()).actor, { limit: 10, offset: 0 })).toEqual({ campaigns: [], total: 0 });
  });

  it("runs one statement per page, whatever the number of campaigns, and only reads", async () => {
    const { actor } = await createTestWorkspace();
    const create = (count: number) =>
      Promise.all(Array.from({ length: count }, (_, index) => createCampaign(actor, ZCreateCampaignInput.parse({ name: `Counted ${index}`, sequence }))));
    await create(3);
    // The first read of a campaign's settings takes a second statement, at any page size.
    const cold = await counted(() => listCampaigns(actor, { limit: 100, offset: 0 }));
    expect(cold.result.campaigns).toHaveLength(3);
    expect(cold.statements).toHaveLength(2);
    const warm = await counted(() => listCampaigns(actor, { limit: 100, offset: 0 }));
    expect(warm.statements).toHaveLength(1);

    await create(40);
    const coldMany = await counted(() => listCampaigns(actor, { limit: 100, offset: 0 }));
    expect(coldMany.result.campaigns).toHaveLength(43);
    expect(coldMany.statements).toHaveLength(2);
    const warmMany = await counted(() => listCampaigns(actor, { limit: 100, offset: 0 }));
    expect(warmMany.result).toEqual(coldMany.result);
    expect(warmMany.statements).toHaveLength(1);
    for (const statement of [...coldMany.statements, ...warmMany.statements]) expect(statement).toMatch(/^\s*SELECT/);
    // The dashboard's filters are in the same statement.
    const filtered = await counted(() => listCampaigns(actor, { limit: 10, offset: 0 }, { search: "counted 1", status: "paused", archived: false }));
    expect(filtered.statements).toHaveLength(1);
    expect(filtered.result.total).toBe(12); // "Counted 1" of both batches, 10–19 of the second
  });

  it("shows a change at once: a rename, new settings, a step's copy, the archive", async () => {
    const { actor } = await createTestWorkspace();
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Before", sequence }));
    const list = async () => (await listCampaigns(actor, { limit: 10, offset: 0 }, { archived: false })).campaigns;
    expect((await list())[0]).toMatchObject({ name: "Before", tracking: { opens: "off" } });

    const schedule = { timezone: "Europe/Paris", activeHours: { from: "08:00", to: "17:00" }, activeDays: [1, 2, 3] };
    await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ name: "After", tracking: { opens: "on", clicks: "on" }, schedule }));
    const changed = (await list())[0]!;
    expect(changed).toMatchObject({ name: "After", tracking: { opens: "on", clicks: "on" }, schedule: { timezone: "Europe/Paris", activeDays: [1, 2, 3] } });
    expect(changed).toEqual((await toCampaigns([await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } })]))[0]);

    const invite = changed.sequence.steps.find((step) => step.type === "invite")!;
    await updateCampaignStep(actor, campaign.id, invite.id, { note: "Hello {{firstName}}" });
    const noted = (await list())[0]!.sequence.steps.find((step) => step.id === invite.id)!;
    expect(noted.config).toMatchObject({ note: "Hello {{firstName}}" });

    await archiveCampaign(actor, campaign.id, true);
    expect(await list()).toEqual([]);
    expect((await listCampaigns(actor, { limit: 10, offset: 0 }, { archived: true })).campaigns.map((row) => row.name)).toEqual(["After"]);
  });

  it("searches names literally, ignoring case", async () => {
    const { actor } = await createTestWorkspace();
    for (const name of ["100% Growth", "1000 Growth", "Under_score", "Underscore"]) await createCampaign(actor, ZCreateCampaignInput.parse({ name }));
    const names = async (search: string) => (await listCampaigns(actor, { limit: 10, offset: 0 }, { search })).campaigns.map((row) => row.name).sort();
    expect(await names("0% g")).toEqual(["100% Growth"]);
    expect(await names("r_s")).toEqual(["Under_score"]);
    expect(await names("UNDER")).toEqual(["Under_score", "Underscore"]);
  });
});
