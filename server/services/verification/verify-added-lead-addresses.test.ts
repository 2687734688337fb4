// Leads added to a campaign or a list start one verification job for their addresses without a fresh
// result, after the write; none when every address is fresh, none without a job runner.
import { describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { ZCreateCampaignInput } from "../../schemas/campaign";
import { ZLeadsInput } from "../../schemas/lead";
import { addCampaignLeads } from "../campaigns/add-campaign-leads";
import { createCampaign } from "../campaigns/create-campaign";
import { addLeadListLeads } from "../lead-lists/add-lead-list-leads";
import { createLeadList } from "../lead-lists/create-lead-list";
import { createTestWorkspace } from "../../test/factories";
import { useSentEvents } from "../../test/sent-events";

const sent = useSentEvents<{ name: string; data: { jobId: string } }>("leads-added-test");

const leads = (...emails: Array<string | null>) =>
  ZLeadsInput.parse({ leads: emails.map((email, index) => (email ? { email, firstName: `P${index}` } : { profileUrl: `https://www.linkedin.com/in/person-${index}`, firstName: `P${index}` })) });

describe("verification of leads just added", () => {
  it("starts one job for the new addresses that have no fresh result", async () => {
    const { actor } = await createTestWorkspace();
    await db.addressVerification.create({ data: { workspaceId: actor.workspaceId, address: "fresh@acme.test", status: "valid", check: "deliverable-domain", reason: "ok", checkedAt: new Date() } });
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Founders", sequence: { steps: [{ id: "mail", type: "email", config: { subject: "Hi", text: "Hello" } }] } }));

    await addCampaignLeads(actor, campaign.id, leads("ada@acme.test", "Fresh@acme.test", null, "grace@acme.test"));
    expect(sent).toHaveLength(1);
    const job = await db.verificationJob.findUniqueOrThrow({ where: { id: sent[0]!.data.jobId } });
    expect(job).toMatchObject({ workspaceId: actor.workspaceId, source: "leads-added", status: "queued", addresses: ["ada@acme.test", "grace@acme.test"], total: 2, checked: 0 });

    const list = await createLeadList(actor, { name: "Fresh only" });
    await addLeadListLeads(actor, list.id, leads("fresh@acme.test", null));
    expect(sent).toHaveLength(1);
    expect(await db.verificationJob.count({ where: { workspaceId: actor.workspaceId } })).toBe(1);
  });

  it("starts nothing, and still adds the leads, without a job runner", async () => {
    delete process.env.INNGEST_EVENT_KEY;
    const { actor } = await createTestWorkspace();
    const list = await createLeadList(actor, { name: "No runner" });
    expect((await addLeadListLeads(actor, list.id, leads("ada@acme.test"))).added).toBe(1);
    expect(sent).toEqual([]);
    expect(await db.verificationJob.count({ where: { workspaceId: actor.workspaceId } })).toBe(0);
  });
});
