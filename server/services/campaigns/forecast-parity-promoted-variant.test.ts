// The campaign forecast against the real executor for a step whose experiment promoted a variant (s):
// both shells choose through chooseVariant, which gives every lead reaching the step the promoted
// variant. The variants differ in what the forecast can see: only the promoted one (B) has a link,
// so the clickers' clicks, and the branch of the condition on them, follow the variant each lead got.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { now, setClock, systemClock } from "@/server/lib/clock";
import { chooseVariant } from "@/server/domain/sequence/choose-variant";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import type { TSequenceInput } from "@/server/schemas/sequence";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { expectParity, forecastOne, world } from "@/server/test/forecast-parity";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { ZLeadsInput } from "@/server/schemas/lead";
import { addCampaignLeads } from "./add-campaign-leads";
import { createCampaign } from "./create-campaign";
import { updateCampaign } from "./update-campaign";

const CLOSED = sandboxDirectory().filter((prospect) => !prospect.openProfile);
const SCHEDULE = { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] };

afterEach(async () => {
  await db.campaign.updateMany({ where: { status: "active" }, data: { status: "paused" } });
  setClock(systemClock);
});

describe("the forecast against the executor for a promoted variant, lead by lead", () => {
  it("s. an e-mail with variants A (no link) and B (a link), B promoted: every lead gets B in both, and the clickers click", async () => {
    const label = "promoted";
    const { clock, actor, workspace, senders } = await world(label, "2026-06-07T10:00:00Z", ["rep0"]);
    const box = await db.mailbox.create({
      data: { workspaceId: workspace.id, label, email: `${label}@parity.test`, provider: "sandbox", authType: "sandbox", connectedVia: "api", timezone: "Europe/Paris", dailyLimit: 20, createdAt: now(), updatedAt: now() },
    });
    const plain = { subject: "Hello {{firstName|there}}", text: "Our offer, in a few words" };
    const linked = { subject: "Hello {{firstName|there}}", text: "Our offer", html: '<p>Our <a href="https://example.com/offer">offer</a></p>' };
    const sequence: TSequenceInput = {
      steps: [
        { id: "hello", type: "email", nextDelayHours: 2, config: { ...plain, variants: [{ id: "a", ...plain }, { id: "b", ...linked }], promotedVariantId: "b" } },
        { id: "clicked", type: "if_email_clicked", parent: "hello", config: { emailStepId: "hello", windowHours: 24 } },
        { id: "look", type: "visit_profile", parent: "clicked", branch: "yes" },
      ],
    };
    const campaign = await createCampaign(
      actor,
      ZCreateCampaignInput.parse({ name: label, linkedinAccountIds: senders, emailAccountIds: [box.id], sequence, schedule: SCHEDULE, tracking: { opens: "on", clicks: "on" } }),
    );
    const kinds = ["clicker", "reader", "clicker", "reader"];
    const prospects = CLOSED.slice(80, 88);
    const leads = prospects.map((prospect, index) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier), email: `${kinds[index % kinds.length]}-${prospect.publicIdentifier}@${label}.example` }));
    await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads }));
    const ids = (await db.campaignLead.findMany({ where: { campaignId: campaign.id }, select: { id: true } })).map((row) => row.id);
    // Without the promotion these leads would be split: some would get A, whose e-mail has no link.
    expect(new Set(ids.map((id) => chooseVariant([{ id: "a" }, { id: "b" }], id, "hello").id))).toEqual(new Set(["a", "b"]));

    clock.set("2026-06-08T06:00:00Z");
    const { forecast, before } = await forecastOne(actor, campaign.id, 6);
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date(forecast.horizonEnd));

    const journal = await db.campaignLeadStep.findMany({ where: { campaignId: campaign.id, stepId: "hello" }, select: { variantId: true } });
    expect(journal).toHaveLength(ids.length);
    expect(new Set(journal.map((row) => row.variantId))).toEqual(new Set(["b"]));
    const clicked = await db.campaignLeadStep.findMany({ where: { campaignId: campaign.id, stepId: "clicked" }, select: { outcome: true } });
    expect(new Set(clicked.map((row) => row.outcome))).toContain("yes");
    expect(forecast.totals.emailsClicked).toBeGreaterThan(0);
    await expectParity(forecast, before);
  }, 180_000);
});
