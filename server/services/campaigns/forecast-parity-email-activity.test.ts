// The campaign forecast against the real executor for the conditions on what the lead did with the
// campaign's e-mails (m): opened within a window after the e-mail, clicked. The sandbox mail network
// plays its model's opens and clicks through Herald's tracking, which moves a lead waiting at the
// condition (on-email-activity.ts); the forecast plays the same moments as Herald records them
// (recordedActivity) through the same decideCondition. Opens within the window, after it, never;
// a forecast taken while leads wait at the condition reads the e-mails already sent.
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

/**
 * E-mail → if opened within 2 days → if a link was clicked within a day → invite, else visit; not
 * opened → follow-up e-mail → if that one was opened within a day → visit.
 */
async function crossChannel(label: string, prospects: typeof CLOSED) {
  const { clock, actor, workspace, senders } = await world(label, "2026-06-07T10:00:00Z", ["rep0"]);
  const box = await db.mailbox.create({
    data: { workspaceId: workspace.id, label, email: `${label}@parity.test`, provider: "sandbox", authType: "sandbox", connectedVia: "api", timezone: "Europe/Paris", dailyLimit: 20, createdAt: now(), updatedAt: now() },
  });
  const offer = { text: "Our offer", html: '<p>Our <a href="https://example.com/offer">offer</a></p>' };
  const sequence: TSequenceInput = {
    steps: [
      { id: "hello", type: "email", nextDelayHours: 2, config: { subject: "Hello {{firstName|there}}", ...offer } },
      { id: "opened", type: "if_email_opened", parent: "hello", config: { emailStepId: "hello", windowHours: 48 } },
      { id: "clicked", type: "if_email_clicked", parent: "opened", branch: "yes", config: { windowHours: 24 } },
      { id: "invite", type: "invite", parent: "clicked", branch: "yes", branchDelays: { no: 48 } },
      { id: "look", type: "visit_profile", parent: "clicked", branch: "no" },
      { id: "again", type: "email", parent: "opened", branch: "no", nextDelayHours: 0, config: { subject: "Again", text: "Any thoughts?" } },
      { id: "reopened", type: "if_email_opened", parent: "again", config: { emailStepId: "again", windowHours: 24 } },
      { id: "look-again", type: "visit_profile", parent: "reopened", branch: "yes" },
    ],
  };
  const campaign = await createCampaign(
    actor,
    ZCreateCampaignInput.parse({ name: label, linkedinAccountIds: senders, emailAccountIds: [box.id], sequence, schedule: SCHEDULE, tracking: { opens: "on", clicks: "on" } }),
  );
  // Test addresses that always open, always click, never open (bounce), and readers who do as the network's rates say.
  const kinds = ["opener", "clicker", "reader", "reader", "reader", "reader", "reader", "reader", "reader", "reader"];
  const leads = prospects.map((prospect, index) => ({
    profileUrl: sandboxProfileUrl(prospect.publicIdentifier),
    email: `${kinds[index % kinds.length]}-${prospect.publicIdentifier}@${label}.example`,
  }));
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads }));
  return { clock, actor, campaign };
}

const taken = async (campaignId: string) => {
  const rows = await db.campaignLeadStep.findMany({ where: { campaignId, stepType: { in: ["if_email_opened", "if_email_clicked"] } }, select: { stepId: true, outcome: true } });
  return new Set(rows.flatMap((row) => (row.outcome ? [`${row.stepId}:${row.outcome}`] : [])));
};

describe("the forecast against the executor for conditions on e-mail opens and clicks, lead by lead", () => {
  it("m. e-mail, then invite those who opened and clicked it, visit those who only opened it, and e-mail the others again", async () => {
    const { clock, actor, campaign } = await crossChannel("opened", CLOSED.slice(50, 62));
    clock.set("2026-06-08T06:00:00Z");
    const { forecast, before } = await forecastOne(actor, campaign.id, 9);
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date(forecast.horizonEnd));

    // The scenario did what it is for: both branches of both conditions were taken, some leads waited at them.
    expect(await taken(campaign.id)).toEqual(new Set(["opened:yes", "opened:no", "clicked:yes", "clicked:no", "reopened:yes", "reopened:no"]));
    const invited = await db.senderAction.count({ where: { campaignLeadId: { in: forecast.leads.map((lead) => lead.campaignLeadId) }, type: "invitation" } });
    expect(invited).toBeGreaterThan(0);
    await expectParity(forecast, before);
  }, 180_000);

  it("m2. a forecast taken while leads wait at the condition reads the e-mails already sent and the opens still to come", async () => {
    const { clock, actor, campaign } = await crossChannel("waiting", CLOSED.slice(62, 74));
    clock.set("2026-06-08T06:00:00Z");
    await updateCampaign(actor, campaign.id, { status: "active" });
    // Monday: every first e-mail goes out and the leads wait at "opened" for up to 2 days.
    await driveCampaigns(clock, new Date("2026-06-08T17:00:00Z"));
    const waiting = await db.campaignLead.count({ where: { campaignId: campaign.id, currentStepId: "opened", phase: "waiting" } });
    expect(waiting).toBeGreaterThan(0);
    const { forecast, before } = await forecastOne(actor, campaign.id, 8);
    await driveCampaigns(clock, new Date(forecast.horizonEnd));
    expect(await taken(campaign.id)).toEqual(new Set(["opened:yes", "opened:no", "clicked:yes", "clicked:no", "reopened:yes", "reopened:no"]));
    await expectParity(forecast, before);
  }, 180_000);
});
