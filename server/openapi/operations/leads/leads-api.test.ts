// GET /leads/{id}: a lead of the workspace with its lists and campaigns; another workspace's lead is
// not found. GET /campaigns/{id}/leads/{leadId}/timeline: the lead page's content, by lead id or
// campaign lead id.
import { describe, expect, it } from "vitest";
import { callApi } from "@/server/test/call-api";
import { profile, workspace } from "@/server/test/campaigns-api";

describe("reading one lead", () => {
  it("answers the lead with the lists and campaigns it is in, only in its own workspace", async () => {
    const { key, api } = await workspace();
    const created = await api.create({ name: "Readers", sequence: { steps: [{ type: "invite" }] } });
    const campaignId = created.body!.data.id as string;
    const list = await callApi("POST", "/lead-lists", { key, body: { name: "Founders" } });
    const listId = list.body!.data.id as string;
    const added = await callApi("POST", `/lead-lists/${listId}/leads`, { key, body: { leads: [{ profileUrl: profile(150), email: "ada@example.test" }] } });
    const leadId = added.body!.data.leadIds[0] as string;
    expect((await api.addLeads(campaignId, [{ profileUrl: profile(150) }])).status).toBe(200);

    const read = await callApi("GET", `/leads/${leadId}`, { key });
    expect(read.status).toBe(200);
    expect(read.body!.data).toMatchObject({ id: leadId, email: "ada@example.test", listIds: [listId], campaignIds: [campaignId] });

    const other = await workspace();
    const foreign = await callApi("GET", `/leads/${leadId}`, { key: other.key });
    expect(foreign.status).toBe(404);
    expect(foreign.body!.error.message).toMatch(/lead/i);

    const timeline = await callApi("GET", `/campaigns/${campaignId}/leads/${leadId}/timeline`, { key });
    expect(timeline.status).toBe(200);
    expect(timeline.body!.data).toMatchObject({ campaign: { id: campaignId, name: "Readers" }, campaignLead: { leadId }, lists: [{ id: listId, name: "Founders" }] });
    const byCampaignLead = await callApi("GET", `/campaigns/${campaignId}/leads/${timeline.body!.data.campaignLead.id}/timeline`, { key });
    expect(byCampaignLead.body!.data.campaignLead.leadId).toBe(leadId);
    expect((await callApi("GET", `/campaigns/${campaignId}/leads/led_missing/timeline`, { key })).status).toBe(404);
  });
});
