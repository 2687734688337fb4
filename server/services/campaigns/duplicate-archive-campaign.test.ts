// Duplicating and archiving campaigns, and the dashboard's list filter, against PostgreSQL.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { connectSender } from "@/server/services/senders/connect-sender";
import { createTestWorkspace } from "@/server/test/factories";
import { addCampaignLeads } from "./add-campaign-leads";
import { archiveCampaign } from "./archive-campaign";
import { createCampaign } from "./create-campaign";
import { copyName, duplicateCampaign } from "./duplicate-campaign";
import { listCampaigns } from "./list-campaigns";
import { ZCreateCampaignInput } from "../../schemas/campaign";
import { ZConnectSenderInput } from "../../schemas/sender";
import { ZLeadsInput } from "../../schemas/lead";

const PAGE = { limit: 50, offset: 0 };
const names = (result: { campaigns: Array<{ name: string }> }) => result.campaigns.map((campaign) => campaign.name).sort();

describe("duplicateCampaign", () => {
  it("copies settings, sequence, schedule and pool, no leads, paused, named “(copy)”", async () => {
    const { actor } = await createTestWorkspace();
    const sender = await connectSender(actor, ZConnectSenderInput.parse({ username: "dup-rep@example.com", password: "x" }), { via: "api" });
    const senderId = sender.account.id;
    const source = await createCampaign(actor, ZCreateCampaignInput.parse({
      name: "Founders Q3",
      status: "active",
      linkedinAccountIds: [senderId],
      excludeOtherCampaigns: true,
      schedule: { timezone: "Europe/Paris", activeHours: { from: "08:00", to: "17:30" }, activeDays: [1, 3, 5] },
      sequence: { steps: [{ type: "visit_profile" }, { type: "invite", config: { note: "Hi {{firstName}}" } }] },
    }));
    await addCampaignLeads(actor, source.id, ZLeadsInput.parse({ leads: [{ profileUrl: "https://www.linkedin.com/in/dup-lead-1" }, { profileUrl: "https://www.linkedin.com/in/dup-lead-2" }] }));

    const copy = await duplicateCampaign(actor, source.id);

    expect(copy.id).not.toBe(source.id);
    expect(copy.name).toBe("Founders Q3 (copy)");
    expect(copy.status).toBe("paused");
    expect(copy.linkedinAccountIds).toEqual([senderId]);
    expect(copy.excludeOtherCampaigns).toBe(true);
    expect(copy.schedule).toEqual(source.schedule);
    expect(copy.sequence).toEqual(source.sequence);
    expect(copy.stats.total).toBe(0);
    expect(await db.campaignLead.count({ where: { campaignId: copy.id } })).toBe(0);
    expect(await db.campaignLead.count({ where: { campaignId: source.id } })).toBe(2);
  });

  it("keeps a long name within the allowed length", () => {
    expect(copyName("x".repeat(120))).toHaveLength(120);
    expect(copyName("x".repeat(120)).endsWith(" (copy)")).toBe(true);
  });

  it("is a 404 for another workspace's campaign", async () => {
    const { actor: owner } = await createTestWorkspace();
    const { actor: stranger } = await createTestWorkspace();
    const campaign = await createCampaign(owner, ZCreateCampaignInput.parse({ name: "Private" }));
    await expect(duplicateCampaign(stranger, campaign.id)).rejects.toMatchObject({ code: "not-found" });
  });
});

describe("archiveCampaign and the list filter", () => {
  it("hides an archived campaign from the default list, shows it under archived, and brings it back", async () => {
    const { actor } = await createTestWorkspace();
    const kept = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Kept campaign" }));
    const old = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Old campaign" }));

    const archived = await archiveCampaign(actor, old.id, true);
    expect(archived.id).toBe(old.id);

    expect(names(await listCampaigns(actor, PAGE, { archived: false }))).toEqual([kept.name]);
    expect(names(await listCampaigns(actor, PAGE, { archived: true }))).toEqual([old.name]);
    // The REST API (no filter) still lists every campaign.
    expect((await listCampaigns(actor, PAGE)).total).toBe(2);

    await archiveCampaign(actor, old.id, false);
    expect(names(await listCampaigns(actor, PAGE, { archived: false }))).toEqual([kept.name, old.name]);
    expect((await listCampaigns(actor, PAGE, { archived: true })).total).toBe(0);
  });

  it("pauses an active campaign it archives", async () => {
    const { actor } = await createTestWorkspace();
    const sender = await connectSender(actor, ZConnectSenderInput.parse({ username: "arch-rep@example.com", password: "x" }), { via: "api" });
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Running", status: "active", linkedinAccountIds: [sender.account.id] }));
    expect((await archiveCampaign(actor, campaign.id, true)).status).toBe("paused");
  });

  it("searches names without regard to case and filters by status", async () => {
    const { actor } = await createTestWorkspace();
    await createCampaign(actor, ZCreateCampaignInput.parse({ name: "CTOs in Berlin" }));
    await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Founders in Paris" }));
    await createCampaign(actor, ZCreateCampaignInput.parse({ name: "cto round two", status: "draft" }));

    expect(names(await listCampaigns(actor, PAGE, { archived: false, search: "cto" }))).toEqual(["CTOs in Berlin", "cto round two"]);
    expect(names(await listCampaigns(actor, PAGE, { archived: false, search: "cto", status: "paused" }))).toEqual(["CTOs in Berlin"]);
    expect((await listCampaigns(actor, PAGE, { archived: false, search: "nobody" })).total).toBe(0);
  });

  it("is a 404 for another workspace's campaign", async () => {
    const { actor: owner } = await createTestWorkspace();
    const { actor: stranger } = await createTestWorkspace();
    const campaign = await createCampaign(owner, ZCreateCampaignInput.parse({ name: "Private" }));
    await expect(archiveCampaign(stranger, campaign.id, true)).rejects.toMatchObject({ code: "not-found" });
  });
});
