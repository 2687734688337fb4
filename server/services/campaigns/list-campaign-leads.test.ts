// The leads list of a large campaign: its orders have their indexes (no sort of the campaign per
// request, a deep offset counted in the index alone), one statement per page at any depth, and
// paging by offset and by cursor return the same leads in the same order.
import { describe, expect, it, vi } from "vitest";
import pg from "pg";
import { db, Prisma } from "@/server/db/client";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";
import { addCampaignLeads } from "./add-campaign-leads";
import { createCampaign } from "./create-campaign";
import { getCampaignLead } from "./get-campaign-lead";
import { stopCampaignLead } from "./stop-campaign-lead";
import { campaignLeadsPageStatement, encodeLeadCursor, listCampaignLeads } from "./list-campaign-leads";
import { ZCreateCampaignInput, type TListCampaignLeadsQuery } from "../../schemas/campaign";
import { ZLeadsInput } from "../../schemas/lead";

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Relation Name"?: string;
  "Plan Rows"?: number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
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

    // The list's own statement: the first page, one status, by cursor, and deep offsets.
    await db.$executeRawUnsafe(`VACUUM ANALYZE "CampaignLead"`);
    const cursor = encodeLeadCursor(middle);
    const queries: Array<[string, Partial<TListCampaignLeadsQuery>]> = [
      ["first page", {}],
      ["one status", { status: "done" }],
      ["by cursor", { cursor }],
      ["one status by cursor", { status: "pending", cursor }],
      ["deep offset", { offset: 19_900 }],
      ["deep offset of one status", { status: "pending", offset: 14_900 }],
    ];
    for (const [name, query] of queries) {
      const statement = campaignLeadsPageStatement(actor, campaign.id, { limit: 50, offset: 0, ...query });
      const [row] = await db.$queryRaw<Array<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>>(Prisma.sql`EXPLAIN (FORMAT JSON) ${statement}`);
      const steps = nodes(row!["QUERY PLAN"][0]!.Plan);
      const onLeads = steps.filter((step) => step["Relation Name"] === "CampaignLead");
      // Only the page itself (limit + 1 rows) is ever sorted, never the campaign.
      expect(steps.filter((step) => step["Node Type"] === "Sort" && step["Plan Rows"]! > 51).length, name).toBe(0);
      expect(steps.filter((step) => step["Node Type"] === "Seq Scan").map((step) => step["Relation Name"]), name).toEqual([]);
      expect(onLeads.length, name).toBeGreaterThan(0);
      for (const step of onLeads) {
        expect(["CampaignLead_campaignId_seq_idx", "CampaignLead_campaignId_status_seq_idx"], name).toContain(step["Index Name"]);
      }
      // A deep offset steps over the leads before the page in the index alone, not in their rows.
      if (query.offset) expect(onLeads.map((step) => step["Node Type"]), name).toContain("Index Only Scan");
    }
  }, 60_000);
});

describe("the statements of a page", () => {
  it("is one statement that only reads, whatever the page's depth, status or size", async () => {
    const { actor } = await createTestWorkspace();
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Counted" }));
    const added = await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: Array.from({ length: 120 }, (_, index) => ({ profileUrl: `https://www.linkedin.com/in/counted-${index}` })) }));
    await stopCampaignLead(actor, campaign.id, added.leadIds[100]!);
    // The lead the single statement shows is the one the lead's own read shows: variants from the
    // journal, custom variables of the lead and of the campaign lead merged, dates as ISO strings.
    const leadRow = await db.campaignLead.findFirstOrThrow({ where: { campaignId: campaign.id, leadId: added.leadIds[1]! } });
    await db.lead.update({ where: { id: leadRow.leadId }, data: { firstName: "Ada", customVariables: { city: "Paris", team: "A" } } });
    await db.campaignLead.update({ where: { id: leadRow.id }, data: { customVariables: { team: "B" }, interest: "interested", invitationSentAt: new Date("2026-11-20T10:00:00.000Z") } });
    await db.campaignLeadStep.createMany({
      data: [
        { campaignLeadId: leadRow.id, campaignId: campaign.id, stepId: "invite", stepType: "invite", variantId: "v2", status: "done", startedAt: new Date() },
        { campaignLeadId: leadRow.id, campaignId: campaign.id, stepId: "visit", stepType: "visit", status: "done", startedAt: new Date() },
      ],
    });
    const first = await listCampaignLeads(actor, campaign.id, { limit: 10, offset: 0 });
    expect(first.leads[1]).toEqual(await getCampaignLead(actor, campaign.id, leadRow.leadId));
    expect(first.leads[1]).toMatchObject({ firstName: "Ada", customVariables: { city: "Paris", team: "B" }, variantIds: { invite: "v2" }, invitationSentAt: "2026-11-20T10:00:00.000Z" });
    expect(first.total).toBe(120);
    // Every statement the database client sends, as the pg driver sees it.
    const sent = vi.spyOn(pg.Client.prototype, "query");
    try {
      for (const query of [
        { limit: 10, offset: 0 },
        { limit: 100, offset: 0 },
        { limit: 50, offset: 110 },
        { limit: 50, offset: 119 },
        { limit: 10, offset: 0, status: "stopped" as const },
        { limit: 10, offset: 50, status: "pending" as const },
        { limit: 10, offset: 0, cursor: first.nextCursor! },
      ]) {
        sent.mockClear();
        const page = await listCampaignLeads(actor, campaign.id, query);
        expect(page.leads.length, JSON.stringify(query)).toBeGreaterThan(0);
        const statements = sent.mock.calls.map(([text]) => (typeof text === "string" ? text : (text as { text: string }).text));
        expect(statements, JSON.stringify(query)).toHaveLength(1);
        expect(statements[0], JSON.stringify(query)).toMatch(/^\s*SELECT/);
      }
      // Past the last lead: no leads, the total still there.
      sent.mockClear();
      expect(await listCampaignLeads(actor, campaign.id, { limit: 10, offset: 500 })).toEqual({ leads: [], total: 120, nextCursor: null });
      expect(sent).toHaveBeenCalledTimes(1);
      // A campaign of another workspace is not found, in the same single statement.
      const other = await createTestWorkspace();
      sent.mockClear();
      await expect(listCampaignLeads(other.actor, campaign.id, { limit: 10, offset: 0 })).rejects.toMatchObject({ code: "not-found" });
      expect(sent).toHaveBeenCalledTimes(1);
    } finally {
      sent.mockRestore();
    }
  });
});

describe("paging through GET /campaigns/{id}/leads", () => {
  it("returns the same leads by cursor as by offset, with or without a status, and the total from the counters", async () => {
    const { actor } = await createTestWorkspace();
    const { key } = await createTestApiKey(actor);
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Paged" }));
    const added = await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: Array.from({ length: 30 }, (_, index) => ({ profileUrl: `https://www.linkedin.com/in/paged-${index}` })) }));
    for (const index of [2, 3, 11, 17, 29]) await stopCampaignLead(actor, campaign.id, added.leadIds[index]!);
    const list = (query: Record<string, string | number>) => callApi("GET", `/campaigns/${campaign.id}/leads`, { key, query });

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
    const list = (query: Record<string, string | number>) => callApi("GET", `/campaigns/${campaign.id}/leads`, { key, query });
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
