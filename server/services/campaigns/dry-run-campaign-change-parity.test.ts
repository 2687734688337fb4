// The dry run of a campaign change agrees with the change itself: a new list's leads are forecast
// as the real PATCH then enrolls them, and pausing the campaign reaches nobody after it.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { callApi } from "@/server/test/call-api";
import { profile, workspace } from "@/server/test/campaigns-api";
import { dryRunCampaignChange } from "./dry-run-campaign-change";

describe("the dry run of a campaign change", () => {
  it("forecasts a new list's leads, as many as the real change then enrolls", async () => {
    const { key, api, actor } = await workspace();
    const sender = await api.connect("list");
    const created = await api.create({ name: "From a list", linkedinAccountIds: [sender], sequence: { steps: [{ type: "invite" }] } });
    const id = created.body!.data.id as string;
    const list = await callApi("POST", "/lead-lists", { key, body: { name: "Source" } });
    const listId = list.body!.data.id as string;
    const leads = Array.from({ length: 5 }, (_, index) => ({ profileUrl: profile(10 + index) }));
    expect((await callApi("POST", `/lead-lists/${listId}/leads`, { key, body: { leads } })).status).toBe(200);

    const dry = await dryRunCampaignChange(actor, id, { listId });
    expect(dry.before.leads).toBe(0);
    expect(dry.summary).toContain("The new list would enroll 5 leads.");
    expect(await db.campaignLead.count({ where: { campaignId: id } })).toBe(0);

    expect((await api.patch(id, { listId })).status).toBe(200);
    const enrolled = await db.campaignLead.count({ where: { campaignId: id } });
    expect(enrolled).toBe(5);
    expect(dry.after.leads).toBe(enrolled);
    expect(dry.after.leadsReached).toBe(enrolled);
  });

  it("pausing an active campaign reaches nobody after it and has no finish date", async () => {
    const { api, actor } = await workspace();
    const sender = await api.connect("pause");
    const created = await api.create({ name: "To pause", linkedinAccountIds: [sender], sequence: { steps: [{ type: "invite" }] } });
    const id = created.body!.data.id as string;
    expect((await api.addLeads(id, Array.from({ length: 20 }, (_, index) => ({ profileUrl: profile(20 + index) })))).status).toBe(200);
    expect((await api.patch(id, { status: "active" })).status).toBe(200);

    const dry = await dryRunCampaignChange(actor, id, { status: "paused" });
    expect(dry.before.leadsReached).toBeGreaterThan(0);
    expect(dry.after).toMatchObject({ leads: 20, leadsReached: 0, finishAt: null, emailsPerDay: 0 });
    expect(dry.summary).toMatch(/After the change the campaign is paused: it reaches nobody/);
    expect(dry.assumptions.join(" ")).not.toMatch(/assumes it is activated now/);
  });
});
