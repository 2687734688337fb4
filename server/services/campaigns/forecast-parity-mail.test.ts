// The campaign forecast against the real executor on the sandbox mail network, for what comes back
// to a mailbox (forecast-parity.test.ts has the LinkedIn scenarios and the sending side of e-mail):
// the network's test addresses that reply, answer with an out-of-office, bounce hard, bounce softly
// every time and report the e-mail as spam, beside readers who do as its rates say and an address
// already dead. The executor reads the mailbox in the network's minute (read-sandbox-mailboxes.ts)
// and takes each message in (server/services/mail/inbound); the forecast plans the same outcomes
// (planOutcome) and applies them at the same pass (forecast/sim-email-events.ts), both through
// decideEmailBounce and decideEmailComplaint. A second forecast, taken while answers to e-mails
// already sent are on their way, plans those too (forecast/email-history.ts).
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

const SEQUENCE: TSequenceInput = {
  steps: [
    { id: "hello", type: "email", nextDelayHours: 24, config: { subject: "Hello", text: "A short note" } },
    { id: "again", type: "email", parent: "hello", branch: "no", config: { subject: "Following up", text: "Any thoughts?" } },
  ],
};

const ANSWERING = ["reply-ann", "ooo-bob", "bounce-cy", "softbounce-dee", "complain-eve", "gone-fay", ...Array.from({ length: 4 }, (_, index) => `reader-${index}`)];

/** A sandbox mailbox's campaign to these addresses (by their local part), gone-fay's already dead; paused until the test starts it. */
async function answeringCampaign(label: string, start: string, locals = ANSWERING, dailyLimit = 8) {
  const { clock, actor, workspace } = await world(label, start, []);
  const box = await db.mailbox.create({
    data: { workspaceId: workspace.id, label, email: `${label}@parity.test`, provider: "sandbox", authType: "sandbox", connectedVia: "api", timezone: "Europe/Paris", dailyLimit, createdAt: now(), updatedAt: now() },
  });
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: label, emailAccountIds: [box.id], sequence: SEQUENCE, schedule: SCHEDULE }));
  const addresses = locals.map((local) => `${local}@${label}.example`);
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: addresses.map((email) => ({ email })) }));
  if (locals.includes("gone-fay")) await db.deadEmailAddress.create({ data: { workspaceId: workspace.id, address: `gone-fay@${label}.example`, status: "5.1.1", message: "The address does not exist (5.1.1)", createdAt: now() } });
  return { clock, actor, campaignId: campaign.id, mailboxId: box.id };
}

/** The campaign's leads' statuses by address, and how many e-mails went to each. */
async function outcomes(campaignId: string): Promise<Record<string, { status: string; emails: number }>> {
  const rows = await db.campaignLead.findMany({ where: { campaignId }, include: { lead: true } });
  const emails = await db.emailMessage.groupBy({ by: ["toAddress"], where: { campaignId, direction: "outbound" }, _count: { _all: true } });
  const sent = new Map(emails.map((row) => [row.toAddress.split("@")[0], row._count._all]));
  return Object.fromEntries(rows.map((row) => [row.lead.email!.split("@")[0], { status: row.status, emails: sent.get(row.lead.email!.split("@")[0]) ?? 0 }]));
}

describe("the forecast against the executor, for what comes back to a mailbox", () => {
  it("j. replies, an out-of-office, hard and soft bounces, a spam complaint and a dead address, forecast before the first e-mail", async () => {
    const { clock, actor, campaignId } = await answeringCampaign("answers", "2026-06-14T10:00:00Z");
    clock.set("2026-06-15T06:00:00Z");
    const { forecast, before } = await forecastOne(actor, campaignId, 6);
    expect(forecast.assumptions).toContain("Replies, bounces, spam complaints and tracked opens and clicks follow the sandbox mail network's behaviour model.");
    await updateCampaign(actor, campaignId, { status: "active" });
    await driveCampaigns(clock, new Date(forecast.horizonEnd));

    // The scenario did what it is for: each test address did its part.
    expect(await outcomes(campaignId)).toMatchObject({
      "reply-ann": { status: "replied", emails: 1 },
      "ooo-bob": { status: "done", emails: 2 },
      "bounce-cy": { status: "failed", emails: 1 },
      // Sent three times: the third soft bounce counts as hard.
      "softbounce-dee": { status: "failed", emails: 3 },
      "complain-eve": { status: "stopped", emails: 1 },
      "gone-fay": { status: "done", emails: 0 },
    });
    expect(await db.deadEmailAddress.count({ where: { address: { in: ["bounce-cy@answers.example", "softbounce-dee@answers.example"] } } })).toBe(2);
    expect(await db.lead.count({ where: { email: "complain-eve@answers.example", emailOptOut: true } })).toBe(1);
    expect(forecast.totals.replied).toBeGreaterThanOrEqual(1);
    await expectParity(forecast, before);
  }, 240_000);

  it("k. the same, forecast while the answers to the first e-mails are on their way", async () => {
    const { clock, actor, campaignId } = await answeringCampaign("midway", "2026-06-21T10:00:00Z");
    clock.set("2026-06-22T06:59:30Z");
    await updateCampaign(actor, campaignId, { status: "active" });
    // Minute by minute until the soft-bouncing address got its first e-mail (its bounce comes a minute or more later).
    const dee = "softbounce-dee@midway.example";
    while (!(await db.emailMessage.count({ where: { campaignId, toAddress: dee } }))) await driveCampaigns(clock, new Date(now().getTime() + 60_000));
    const { forecast, before } = await forecastOne(actor, campaignId, 6);
    await driveCampaigns(clock, new Date(forecast.horizonEnd));

    expect(await outcomes(campaignId)).toMatchObject({ "reply-ann": { status: "replied" }, "bounce-cy": { status: "failed" }, "softbounce-dee": { status: "failed", emails: 3 }, "complain-eve": { status: "stopped" } });
    // The scenario did what it is for: the lead e-mailed before the forecast, still running then, was failed by the bounces that came after it.
    const deeLead = await db.campaignLead.findFirstOrThrow({ where: { campaignId, lead: { email: dee } } });
    expect(before.statuses.get(deeLead.id)).toBe("running");
    expect(deeLead.finishedAt!.getTime()).toBeGreaterThan(Date.parse(forecast.generatedAt));
    await expectParity(forecast, before);
  }, 240_000);

  it("l. a mailbox that pauses itself for its bounce rate, in the forecast as in the executor", async () => {
    // Twenty readers, then two addresses that do not exist: past 5% of at least 20 e-mails, the mailbox pauses.
    const locals = [...Array.from({ length: 20 }, (_, index) => `reader-${index}`), "bounce-x", "bounce-y"];
    const { clock, actor, campaignId, mailboxId } = await answeringCampaign("pausing", "2026-06-28T10:00:00Z", locals, 30);
    clock.set("2026-06-29T06:00:00Z");
    const { forecast, before } = await forecastOne(actor, campaignId, 5);
    await updateCampaign(actor, campaignId, { status: "active" });
    await driveCampaigns(clock, new Date(forecast.horizonEnd));

    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailboxId } })).toMatchObject({ paused: true, pausedReason: "bounce-rate" });
    // Some readers were still waiting for their second e-mail when it paused.
    expect(Object.values(await outcomes(campaignId)).filter((lead) => lead.status === "running").length).toBeGreaterThan(0);
    await expectParity(forecast, before);
  }, 240_000);
});
