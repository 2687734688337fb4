// The campaign leads list filtered by the verification of each lead's address (?verification=), as
// the campaign reads it, with the total of the matching leads; a bad value is a 400 naming it.
import { describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { ZCreateCampaignInput } from "../../schemas/campaign";
import { ZLeadsInput } from "../../schemas/lead";
import { callApi } from "../../test/call-api";
import { createTestApiKey, createTestWorkspace } from "../../test/factories";
import { addCampaignLeads } from "./add-campaign-leads";
import { createCampaign } from "./create-campaign";

describe("campaign leads by verification", () => {
  it("lists the leads of one verification status, reading free webmail as the campaign does", async () => {
    const { actor } = await createTestWorkspace();
    const { key } = await createTestApiKey(actor);
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Founders", sequence: { steps: [{ id: "mail", type: "email", config: { subject: "Hi", text: "Hello" } }] } }));
    await addCampaignLeads(
      actor,
      campaign.id,
      ZLeadsInput.parse({
        leads: [
          { email: "Ada@Acme.test", firstName: "Ada" },
          { email: "bob@gone.test", firstName: "Bob" },
          { email: "carl@gmail.com", firstName: "Carl" },
          { email: "dan@acme.test", firstName: "Dan" },
          { profileUrl: "https://www.linkedin.com/in/eve-example", firstName: "Eve" },
        ],
      }),
    );
    const checkedAt = new Date();
    await db.addressVerification.createMany({
      data: [
        { workspaceId: actor.workspaceId, address: "ada@acme.test", status: "valid", check: "deliverable-domain", reason: "ok", checkedAt },
        { workspaceId: actor.workspaceId, address: "bob@gone.test", status: "invalid", check: "no-mail-domain", reason: "no mail", checkedAt },
        { workspaceId: actor.workspaceId, address: "carl@gmail.com", status: "risky", check: "free-webmail", reason: "webmail", checkedAt },
      ],
    });
    const names = async (verification: string) => {
      const page = await callApi("GET", `/campaigns/${campaign.id}/leads`, { key, query: { verification } });
      expect(page.status).toBe(200);
      return { names: page.body!.data.map((lead: { firstName: string }) => lead.firstName), total: page.body!.paging.total };
    };
    expect(await names("valid")).toEqual({ names: ["Ada"], total: 1 });
    expect(await names("invalid")).toEqual({ names: ["Bob"], total: 1 });
    expect(await names("risky")).toEqual({ names: ["Carl"], total: 1 });
    expect(await names("unknown")).toEqual({ names: [], total: 0 });
    expect(await names("not-checked")).toEqual({ names: ["Dan"], total: 1 });

    await db.campaign.update({ where: { id: campaign.id }, data: { verification: { invalid: "skip", risky: "skip", targetsCompanies: false } } });
    expect(await names("valid")).toEqual({ names: ["Ada", "Carl"], total: 2 });
    expect(await names("risky")).toEqual({ names: [], total: 0 });

    const refused = await callApi("GET", `/campaigns/${campaign.id}/leads`, { key, query: { verification: "maybe" } });
    expect(refused.status).toBe(400);
    expect(refused.body!.error.details.fields).toEqual([{ field: "verification", message: 'must be "valid", "risky", "invalid", "unknown" or "not-checked"' }]);
  });
});
