// The campaign forecast against the real executor for the conditions on Herald's records of the lead
// (k): whether it has a LinkedIn profile, an e-mail address, a custom variable with a value. Both
// ask decideCondition with the same facts (hasLinkedinProfile, the address, mergeFields), so a
// sequence across both channels sends each lead down the same branches in the forecast and for real.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { now, setClock, systemClock } from "@/server/lib/clock";
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

describe("the forecast against the executor for conditions on the lead's records, lead by lead", () => {
  it("k. a LinkedIn profile or not, an address or not, a phone number or not: each lead down the same branches", async () => {
    const { clock, actor, workspace, senders } = await world("known", "2026-06-07T10:00:00Z", ["rep0"]);
    const box = await db.mailbox.create({
      data: { workspaceId: workspace.id, label: "Known", email: "known@parity.test", provider: "sandbox", authType: "sandbox", connectedVia: "api", timezone: "Europe/Paris", dailyLimit: 20, createdAt: now(), updatedAt: now() },
    });
    const sequence: TSequenceInput = {
      steps: [
        { id: "profile", type: "if_has_linkedin" },
        { id: "address", type: "if_has_email", parent: "profile", branch: "yes" },
        { id: "mail", type: "email", parent: "address", branch: "yes", nextDelayHours: 24, config: { subject: "Hello {{firstName|there}}", text: "A short note" } },
        { id: "phone", type: "if_has_variable", parent: "mail", branch: "no", config: { variable: "phone" } },
        { id: "look", type: "visit_profile", parent: "phone", branch: "yes" },
        { id: "invite", type: "invite", parent: "address", branch: "no", branchDelays: { no: 48 } },
        { id: "only-mail", type: "email", parent: "profile", branch: "no", config: { subject: "Hello", text: "We have only your address" } },
      ],
    };
    const campaign = await createCampaign(
      actor,
      ZCreateCampaignInput.parse({ name: "Known", linkedinAccountIds: senders, emailAccountIds: [box.id], sequence, schedule: SCHEDULE }),
    );
    const prospects = CLOSED.slice(40, 46);
    const leads = [
      // A profile, an address and a phone number; the same without the phone; a profile alone.
      ...prospects.slice(0, 2).map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier), email: `reader-${prospect.publicIdentifier}@known.example`, customVariables: { phone: "+33 1 23 45 67 89" } })),
      ...prospects.slice(2, 4).map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier), email: `reader-${prospect.publicIdentifier}@known.example`, customVariables: { phone: " " } })),
      ...prospects.slice(4, 6).map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) })),
      // An address alone (added by e-mail).
      { email: "reader-mail-only-0@known.example" },
      { email: "reader-mail-only-1@known.example" },
    ];
    await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads }));

    clock.set("2026-06-08T06:00:00Z");
    const { forecast, before } = await forecastOne(actor, campaign.id, 8);
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date(forecast.horizonEnd));

    // The scenario did what it is for: every branch of the three conditions was taken.
    const outcomes = await db.campaignLeadStep.findMany({ where: { campaignId: campaign.id, stepType: { in: ["if_has_linkedin", "if_has_email", "if_has_variable"] } }, select: { stepId: true, outcome: true } });
    const taken = new Set(outcomes.map((step) => `${step.stepId}:${step.outcome}`));
    expect(taken).toEqual(new Set(["profile:yes", "profile:no", "address:yes", "address:no", "phone:yes", "phone:no"]));
    await expectParity(forecast, before);
  }, 180_000);
});
