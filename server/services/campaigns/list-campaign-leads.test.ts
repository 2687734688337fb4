// The leads list of a large campaign: its orders have their indexes (no sort of the campaign per
// request), and paging by offset and by cursor return the same leads in the same order.
import { describe, expect, it } from "vitest";
import * as leadsRoute from "@/app/api/v1/campaigns/[id]/leads/route";
import { db } from "@/server/db/client";
import { callRoute } from "@/server/test/call-route";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";
import { addCampaignLeads } from "./add-campaign-leads";
import { createCampaign } from "./create-campaign";
import { stopCampaignLead } from "./stop-campaign-lead";
import { ZCreateCampaignInput } from "../../schemas/campaign";
import { ZLeadsInput } from "../../schemas/lead";

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

async function plan(sql: string, ...params: unknown[]): Promise<PlanNode[]> {
  const [row] = await db.$queryRawUnsafe<Array<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>>(`EXPLAIN (FORMAT JSON) ${sql}`, ...params);
  return nodes(row!["QUERY PLAN"][0]!.Plan);
}

describe("the list's query plans on a campaign of 30,000 leads", () => {
  it("reads a page through the (campaignId, seq) and (campaignId, status, seq) indexes, without sorting the campaign", async () => {
    const { actor } = await createTestWorkspace();
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Large" }));
    const neighbour = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Neighbour" }));
    // Leads written straight in SQL: the plan depends on the table's size, not on how rows came.
    await db.$executeRawUnsafe(
      `INSERT INTO "Lead" (id, "workspaceId", "publicIdentifier", source, "createdAt", "updatedAt")
       SELECT 'led_plan_' || n, $1, 'plan-' || n, 'api', now(), now() FROM generate_series(1, 30000) n`,
      actor.workspaceId,
    );
    await db.$executeRawUnsafe(
      `INSERT INTO "CampaignLead" ("workspaceId", "campaignId", "leadId", status, "createdAt", "updatedAt")
       SELECT $1, CASE WHEN n % 3 = 0 THEN $3 ELSE $2 END, 'led_plan_' || n,
         (CASE WHEN n % 4 = 0 THEN 'done' ELSE 'pending' END)::"CampaignLeadStatus", now(), now()
       FROM generate_series(1, 30000) n`,
      actor.workspaceId,
      campaign.id,
      neighbour.id,
    );
    await db.$executeRawUnsafe(`ANALYZE "CampaignLead"`);
    const [{ middle }] = await db.$queryRaw<[{ middle: bigint }]>`
      SELECT percentile_disc(0.9) WITHIN GROUP (ORDER BY seq) AS middle FROM "CampaignLead" WHERE "campaignId" = ${campaign.id}`;

    // The statements Prisma sends for the list (its columns aside): first page, one status, by cursor.
    const queries = [
      [`SELECT * FROM "CampaignLead" WHERE "campaignId" = $1 ORDER BY seq ASC LIMIT 51 OFFSET 0`, campaign.id],
      [`SELECT * FROM "CampaignLead" WHERE "campaignId" = $1 AND status = 'done'::"CampaignLeadStatus" ORDER BY seq ASC LIMIT 51 OFFSET 0`, campaign.id],
      [`SELECT * FROM "CampaignLead" WHERE "campaignId" = $1 AND seq > $2 ORDER BY seq ASC LIMIT 51 OFFSET 0`, campaign.id, middle],
      [`SELECT * FROM "CampaignLead" WHERE "campaignId" = $1 AND status = 'pending'::"CampaignLeadStatus" AND seq > $2 ORDER BY seq ASC LIMIT 51 OFFSET 0`, campaign.id, middle],
    ] as const;
    for (const [sql, ...params] of queries) {
      const steps = await plan(sql, ...params);
      expect(steps.map((step) => step["Node Type"]), sql).not.toContain("Sort");
      expect(steps.map((step) => step["Node Type"]), sql).not.toContain("Seq Scan");
      expect(
        steps.some((step) => step["Index Name"] === "CampaignLead_campaignId_seq_idx" || step["Index Name"] === "CampaignLead_campaignId_status_seq_idx"),
        sql,
      ).toBe(true);
    }
  }, 60_000);
});

describe("paging through GET /campaigns/{id}/leads", () => {
  it("returns the same leads by cursor as by offset, with or without a status, and the total from the counters", async () => {
    const { actor } = await createTestWorkspace();
    const { key } = await createTestApiKey(actor);
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Paged" }));
    const added = await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: Array.from({ length: 30 }, (_, index) => ({ profileUrl: `https://www.linkedin.com/in/paged-${index}` })) }));
    for (const index of [2, 3, 11, 17, 29]) await stopCampaignLead(actor, campaign.id, added.leadIds[index]!);
    const list = (query: Record<string, string | number>) => callRoute(leadsRoute.GET, "GET", `/campaigns/${campaign.id}/leads`, { key, params: { id: campaign.id }, query });

    for (const status of [undefined, "stopped", "pending"]) {
      const filter: Record<string, string> = status ? { status } : {};
      const all = (await list({ ...filter, limit: 100 })).body!;
      const byOffset: string[] = [];
      for (let offset = 0; offset < 30; offset += 7) byOffset.push(...(await list({ ...filter, limit: 7, offset })).body!.data.map((lead: { leadId: string }) => lead.leadId));
      const byCursor: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await list({ ...filter, limit: 7, ...(cursor ? { cursor } : {}) });
        expect(page.status).toBe(200);
        byCursor.push(...page.body!.data.map((lead: { leadId: string }) => lead.leadId));
        cursor = page.body!.paging.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      const expected = added.leadIds.filter((_, index) => (status === "stopped" ? [2, 3, 11, 17, 29].includes(index) : status === "pending" ? ![2, 3, 11, 17, 29].includes(index) : true));
      expect(all.data.map((lead: { leadId: string }) => lead.leadId), status).toEqual(expected);
      expect(all.paging, status).toEqual({ limit: 100, offset: 0, total: expected.length, nextCursor: null });
      expect(byOffset, status).toEqual(expected);
      expect(byCursor, status).toEqual(expected);
      expect(pages, status).toBe(Math.max(1, Math.ceil(expected.length / 7)));
    }
    // A page that ends exactly at the last lead has no next cursor.
    expect((await list({ limit: 30 })).body!.paging.nextCursor).toBeNull();
    expect((await list({ limit: 29 })).body!.paging.nextCursor).toEqual(expect.any(String));
  });

  it("names the field when the cursor is not one the list gave out, or comes with an offset", async () => {
    const { actor } = await createTestWorkspace();
    const { key } = await createTestApiKey(actor);
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Cursors" }));
    await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: [{ profileUrl: "https://www.linkedin.com/in/cursor-a" }, { profileUrl: "https://www.linkedin.com/in/cursor-b" }] }));
    const list = (query: Record<string, string | number>) => callRoute(leadsRoute.GET, "GET", `/campaigns/${campaign.id}/leads`, { key, params: { id: campaign.id }, query });
    const cursor = (await list({ limit: 1 })).body!.paging.nextCursor as string;

    for (const bad of ["nonsense", Buffer.from("seq:-1").toString("base64url"), Buffer.from("seq:1;drop").toString("base64url"), Buffer.from("seq:9999999999999999999").toString("base64url"), "x".repeat(65)]) {
      const response = await list({ cursor: bad });
      expect(response.status, bad).toBe(400);
      expect(response.body!.error.details.fields.map((issue: { field: string }) => issue.field), bad).toEqual(["cursor"]);
    }
    const both = await list({ cursor, offset: 5 });
    expect(both.status).toBe(400);
    expect(both.body!.error.details.fields).toEqual([{ field: "offset", message: "cannot be combined with cursor" }]);
    expect((await list({ cursor, offset: 0 })).body!.data).toHaveLength(1);
    expect(await db.campaignLead.count({ where: { campaignId: campaign.id } })).toBe(2);
  });
});
