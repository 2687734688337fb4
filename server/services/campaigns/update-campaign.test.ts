// The dashboard's Settings tab saves every part it changed in one update: the update checks all of
// them before it writes any, so a refused save leaves the campaign exactly as it was.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import type { Actor } from "@/server/lib/actor";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { connectSender } from "@/server/services/senders/connect-sender";
import { createTestWorkspace } from "@/server/test/factories";
import { ZCreateCampaignInput, ZUpdateCampaignInput } from "../../schemas/campaign";
import { ZConnectSenderInput } from "../../schemas/sender";
import { createCampaign } from "./create-campaign";
import { getCampaign } from "./get-campaign";
import { updateCampaign } from "./update-campaign";

async function sender(actor: Actor): Promise<string> {
  await ensureSandboxDirectory();
  const account = await connectSender(actor, ZConnectSenderInput.parse({ username: `save-${Math.random().toString(36).slice(2)}@example.com`, password: "x" }), { via: "api" });
  return account.account.id;
}

const weekdays = { timezone: "Europe/Berlin", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5], startDate: null, endDate: null };

describe("saving several settings at once", () => {
  it("writes every part of one update", async () => {
    const { actor } = await createTestWorkspace();
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Both parts" }));
    const senderId = await sender(actor);
    await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ linkedinAccountIds: [senderId], schedule: { ...weekdays, activeDays: [1, 2, 3, 4, 5, 6, 7] }, approvals: { recordedVoiceNotes: true } }));
    const saved = await getCampaign(actor, campaign.id);
    expect(saved.linkedinAccountIds).toEqual([senderId]);
    expect(saved.schedule.activeDays).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(saved.approvals.recordedVoiceNotes).toBe(true);
  });

  it("writes nothing when one part is refused, and names that part's field", async () => {
    const { actor } = await createTestWorkspace();
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "All or nothing", schedule: weekdays }));
    const before = await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    const senderId = await sender(actor);
    const refused = updateCampaign(
      actor,
      campaign.id,
      ZUpdateCampaignInput.parse({ linkedinAccountIds: [senderId], excludeOtherSenders: true, aiInterestEnabled: true, listId: "lst_not_in_this_workspace" }),
    );
    await expect(refused).rejects.toMatchObject({ code: "invalid-input", details: { fields: expect.arrayContaining([expect.objectContaining({ field: "listId" })]) } });
    const after = await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(after).toEqual(before);
  });

  it("writes nothing when the pool leaves an active campaign without senders, though the schedule beside it is fine", async () => {
    const { actor } = await createTestWorkspace();
    const senderId = await sender(actor);
    const campaign = await createCampaign(
      actor,
      ZCreateCampaignInput.parse({ name: "Running", schedule: weekdays, linkedinAccountIds: [senderId], sequence: { steps: [{ type: "visit_profile" }] } }),
    );
    await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }));
    const before = await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    await expect(updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ linkedinAccountIds: [], schedule: { ...weekdays, activeDays: [6, 7] } }))).rejects.toMatchObject({
      code: "invalid-input",
    });
    expect(await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).toEqual(before);
  });
});
