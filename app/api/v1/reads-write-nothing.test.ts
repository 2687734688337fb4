import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { ZLeadsInput } from "@/server/schemas/lead";
import { addCampaignLeads } from "@/server/services/campaigns/add-campaign-leads";
import { createCampaign } from "@/server/services/campaigns/create-campaign";
import { addLeadListLeads } from "@/server/services/lead-lists/add-lead-list-leads";
import { createLeadList } from "@/server/services/lead-lists/create-lead-list";
import { callRoute } from "@/server/test/call-route";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";
import * as accountsRoute from "./accounts/route";
import * as campaignLeadsRoute from "./campaigns/[id]/leads/route";
import * as campaignRoute from "./campaigns/[id]/route";
import * as campaignsRoute from "./campaigns/route";
import * as leadListLeadsRoute from "./lead-lists/[id]/leads/route";
import * as leadListRoute from "./lead-lists/[id]/route";
import * as leadListsRoute from "./lead-lists/route";
import * as webhooksRoute from "./webhooks/route";
import * as workspaceRoute from "./workspace/route";

// Every row written to any table lands in test_row_writes, so the test can say that a series of
// requests wrote nothing at all.
beforeAll(async () => {
  await db.$executeRawUnsafe(`CREATE TABLE test_row_writes (table_name text, op text)`);
  await db.$executeRawUnsafe(`
    CREATE FUNCTION test_count_row_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO test_row_writes VALUES (TG_TABLE_NAME, TG_OP); RETURN NULL; END $$`);
  await db.$executeRawUnsafe(`
    DO $$ DECLARE t text; BEGIN
      FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'test_row_writes' LOOP
        EXECUTE format('CREATE TRIGGER test_count_row_write AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION test_count_row_write()', t);
      END LOOP;
    END $$`);
});

describe("authenticated API reads", () => {
  it("write nothing: after a key's first use, 40 list and detail GETs write no row", async () => {
    const { actor } = await createTestWorkspace();
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Reads", sequence: { steps: [{ id: "invite", type: "invite" }] } }));
    await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: [{ profileUrl: "https://www.linkedin.com/in/reader-1" }, { profileUrl: "https://www.linkedin.com/in/reader-2" }] }));
    const list = await createLeadList(actor, { name: "Readers" });
    await addLeadListLeads(actor, list.id, ZLeadsInput.parse({ leads: [{ email: "reader@example.org" }] }));
    const { key } = await createTestApiKey(actor);
    const campaignParams = { id: campaign.id };
    const listParams = { id: list.id };
    const reads = [
      () => callRoute(workspaceRoute.GET, "GET", "/workspace", { key }),
      () => callRoute(campaignsRoute.GET, "GET", "/campaigns", { key, query: { limit: 20 } }),
      () => callRoute(campaignRoute.GET, "GET", `/campaigns/${campaign.id}`, { key, params: campaignParams }),
      () => callRoute(campaignLeadsRoute.GET, "GET", `/campaigns/${campaign.id}/leads`, { key, params: campaignParams, query: { limit: 50, offset: 1 } }),
      () => callRoute(accountsRoute.GET, "GET", "/accounts", { key }),
      () => callRoute(leadListsRoute.GET, "GET", "/lead-lists", { key }),
      () => callRoute(leadListRoute.GET, "GET", `/lead-lists/${list.id}`, { key, params: listParams }),
      () => callRoute(leadListLeadsRoute.GET, "GET", `/lead-lists/${list.id}/leads`, { key, params: listParams }),
      () => callRoute(webhooksRoute.GET, "GET", "/webhooks", { key }),
    ];
    // The key's first use records its lastUsedAt (awaited, so that it is written by now).
    expect((await reads[0]!()).status).toBe(200);
    await db.$executeRawUnsafe(`DELETE FROM test_row_writes`);

    for (let round = 0; round < 40; round++) {
      const response = await reads[round % reads.length]!();
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    }
    expect(await db.$queryRawUnsafe(`SELECT table_name, op FROM test_row_writes`)).toEqual([]);
  });
});
