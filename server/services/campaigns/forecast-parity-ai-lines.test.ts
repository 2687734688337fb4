// The campaign forecast against the real executor for per-lead AI lines, lead by lead: both ask the
// same core rule (ai-lines.ts). The forecast takes every line as written for a lead something is
// known of, and as missing for a lead nothing is known of, which is what the executor's writer does:
// here the first e-mail's line has no fallback and the step skips leads it would leave empty.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { now, setClock, systemClock } from "@/server/lib/clock";
import { setMailProvider } from "@/server/providers/mail";
import type { TSequenceInput } from "@/server/schemas/sequence";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { expectParity, forecastOne, world } from "@/server/test/forecast-parity";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { ZLeadsInput } from "@/server/schemas/lead";
import { addCampaignLeads } from "./add-campaign-leads";
import { createCampaign } from "./create-campaign";
import { updateCampaign } from "./update-campaign";

const SCHEDULE = { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] };

afterEach(async () => {
  await db.campaign.updateMany({ where: { status: "active" }, data: { status: "paused" } });
  setMailProvider("sandbox", undefined);
  setClock(systemClock);
});

describe("the forecast against the executor for AI lines, lead by lead", () => {
  it("k. an AI line without a fallback: leads nothing is known of skip the e-mail in both, the others get it", async () => {
    const { clock, actor, workspace } = await world("ailines", "2026-06-07T10:00:00Z", []);
    await db.workspace.update({ where: { id: workspace.id }, data: { aiCreditBalance: 100 } });
    const box = await db.mailbox.create({
      data: { workspaceId: workspace.id, label: "Lines", email: "lines@parity.test", provider: "sandbox", authType: "sandbox", connectedVia: "api", timezone: "Europe/Paris", dailyLimit: 20, createdAt: now(), updatedAt: now() },
    });
    const sequence: TSequenceInput = {
      steps: [
        {
          id: "hello",
          type: "email",
          nextDelayHours: 24,
          config: { subject: "Hello", text: "Hi,\n\n{{ai.icebreaker}}", whenValueMissing: "skip", aiVariables: [{ name: "icebreaker", prompt: "One line about their company" }] },
        },
        { id: "again", type: "email", parent: "hello", branch: "no", config: { text: "Any thoughts? {{ai.icebreaker|}}", aiVariables: [{ name: "icebreaker", prompt: "One line about their company" }] } },
      ],
    };
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Lines", emailAccountIds: [box.id], sequence, schedule: SCHEDULE }));
    const leads = Array.from({ length: 6 }, (_, index) => ({ email: `reader-line-${index}@lines.example`, ...(index % 2 === 0 ? { company: `Company ${index}` } : {}) }));
    await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads }));

    clock.set("2026-06-08T06:00:00Z");
    const { forecast, before } = await forecastOne(actor, campaign.id, 6);
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date(forecast.horizonEnd));

    // The scenario did what it is for: the three leads without a company skipped the first e-mail.
    const skipped = await db.campaignLeadStep.findMany({ where: { campaignId: campaign.id, stepId: "hello", status: "skipped" } });
    expect(skipped).toHaveLength(3);
    const written = await db.aiLine.findMany({ where: { campaignId: campaign.id, stepId: "hello", status: "ready" } });
    expect(written).toHaveLength(3);
    await expectParity(forecast, before);
  }, 180_000);
});
