import { beforeAll, describe, expect, it } from "vitest";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { ZLeadsInput } from "@/server/schemas/lead";
import { addCampaignLeads } from "@/server/services/campaigns/add-campaign-leads";
import { createCampaign } from "@/server/services/campaigns/create-campaign";
import { addLeadListLeads } from "@/server/services/lead-lists/add-lead-list-leads";
import { createLeadList } from "@/server/services/lead-lists/create-lead-list";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";
import { forgetRowWrites, recordRowWrites, rowWrites } from "@/server/test/row-writes";

// Every row written to any table is recorded, so the test can say that a series of requests wrote nothing at all.
beforeAll(recordRowWrites);

describe("authenticated API reads", () => {
  it("write nothing: after a key's first use, 40 list and detail GETs write no row", async () => {
    const { actor } = await createTestWorkspace();
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Reads", sequence: { steps: [{ id: "invite", type: "invite" }] } }));
    await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: [{ profileUrl: "https://www.linkedin.com/in/reader-1" }, { profileUrl: "https://www.linkedin.com/in/reader-2" }] }));
    const list = await createLeadList(actor, { name: "Readers" });
    await addLeadListLeads(actor, list.id, ZLeadsInput.parse({ leads: [{ email: "reader@example.org" }] }));
    const { key } = await createTestApiKey(actor);
    const reads = [
      () => callApi("GET", "/workspace", { key }),
      () => callApi("GET", "/campaigns", { key, query: { limit: 20 } }),
      () => callApi("GET", `/campaigns/${campaign.id}`, { key }),
      () => callApi("GET", `/campaigns/${campaign.id}/leads`, { key, query: { limit: 50, offset: 1 } }),
      () => callApi("GET", "/accounts", { key }),
      () => callApi("GET", "/lead-lists", { key }),
      () => callApi("GET", `/lead-lists/${list.id}`, { key }),
      () => callApi("GET", `/lead-lists/${list.id}/leads`, { key }),
      () => callApi("GET", "/webhooks", { key }),
    ];
    // The key's first use records its lastUsedAt (awaited, so that it is written by now).
    expect((await reads[0]!()).status).toBe(200);
    await forgetRowWrites();

    for (let round = 0; round < 40; round++) {
      const response = await reads[round % reads.length]!();
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    }
    expect(await rowWrites()).toEqual([]);
  });
});
