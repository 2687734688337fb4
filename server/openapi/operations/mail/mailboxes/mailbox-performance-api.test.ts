// Mailbox performance on seeded e-mails: messages counted one by one, replies and bounces per lead,
// the period against the one before, days in the mailbox's zone, all-time rates and the campaigns.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { createCampaign } from "@/server/services/campaigns/create-campaign";
import { saveConnectedMailbox } from "@/server/services/mail/mailboxes/save-connected-mailbox";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";

afterEach(() => setClock(systemClock));

describe("mailbox performance", () => {
  it("counts sent per message, replies and bounces per lead, by day in the mailbox's zone, per campaign and all time", async () => {
    // 13:00 in Paris (UTC+1) on 10 March: with days=3 the period is 8–10 March, the previous one 5–7 March.
    setClock(new ManualClock("2026-03-10T12:00:00Z"));
    const { actor, workspace } = await createTestWorkspace();
    const { key } = await createTestApiKey(actor);
    const mailbox = await saveConnectedMailbox({
      workspaceId: workspace.id,
      email: "perf@example.com",
      provider: "sandbox",
      authType: "sandbox",
      connectedVia: "dashboard",
      settings: null,
      credentials: { kind: "sandbox" },
    });
    await db.mailbox.update({ where: { id: mailbox.id }, data: { timezone: "Europe/Paris", sentCount: 9, bouncedCount: 1, complainedCount: 0 } });
    const alpha = (await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Alpha" }))).id;
    const beta = (await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Beta" }))).id;
    const at = new Date();
    const lead = async (name: string, campaignId: string, fields: { lastReplyAt?: string; messageSentAt?: string } = {}) => {
      const row = await db.lead.create({ data: { workspaceId: workspace.id, email: `${name}@example.org`, source: "api", createdAt: at, updatedAt: at } });
      const campaignLead = await db.campaignLead.create({
        data: {
          workspaceId: workspace.id,
          campaignId,
          leadId: row.id,
          emailAccountId: mailbox.id,
          emailContacted: true,
          status: "running",
          lastReplyAt: fields.lastReplyAt ? new Date(fields.lastReplyAt) : null,
          messageSentAt: fields.messageSentAt ? new Date(fields.messageSentAt) : null,
          createdAt: at,
          updatedAt: at,
        },
      });
      return { leadId: row.id, campaignLeadId: campaignLead.id, campaignId, address: row.email! };
    };
    let number = 0;
    const message = async (to: Awaited<ReturnType<typeof lead>>, when: string | null, fields: { direction?: "inbound"; status?: string; kind?: string; openedAt?: string; clickedAt?: string } = {}) => {
      number += 1;
      const time = new Date(when ?? "2026-03-10T11:00:00Z");
      await db.emailMessage.create({
        data: {
          workspaceId: workspace.id,
          mailboxId: mailbox.id,
          leadId: to.leadId,
          campaignLeadId: to.campaignLeadId,
          campaignId: to.campaignId,
          direction: fields.direction ?? "outbound",
          source: "campaign",
          status: fields.status ?? (fields.direction ? "received" : "sent"),
          kind: fields.direction ? (fields.kind ?? "reply") : null,
          messageId: `<p${number}@example.com>`,
          threadRootId: `<p${number}@example.com>`,
          fromAddress: fields.direction ? to.address : mailbox.email,
          toAddress: fields.direction ? mailbox.email : to.address,
          subject: "Hello",
          text: "Hi",
          sentAt: when === null ? null : time,
          openedAt: fields.openedAt ? new Date(fields.openedAt) : null,
          clickedAt: fields.clickedAt ? new Date(fields.clickedAt) : null,
          createdAt: time,
          updatedAt: time,
        },
      });
    };
    const l1 = await lead("l1", alpha);
    const l2 = await lead("l2", alpha);
    const l3 = await lead("l3", beta, { lastReplyAt: "2026-03-10T11:00:00Z" });
    const l4 = await lead("l4", beta);
    // Replied on LinkedIn after a LinkedIn message that came after its e-mail: not this mailbox's reply.
    const l5 = await lead("l5", beta, { lastReplyAt: "2026-03-10T10:00:00Z", messageSentAt: "2026-03-09T09:00:00Z" });

    // Opens and clicks count the leads of the day they happened: l1 opens both of its e-mails on 9 March (once).
    await message(l1, "2026-03-07T23:30:00Z", { openedAt: "2026-03-09T08:00:00Z" }); // 8 March, 00:30 in Paris
    await message(l1, "2026-03-08T10:00:00Z", { openedAt: "2026-03-09T09:00:00Z" });
    await message(l2, "2026-03-09T09:00:00Z", { openedAt: "2026-03-10T10:00:00Z", clickedAt: "2026-03-10T10:05:00Z" });
    await message(l3, "2026-03-10T08:00:00Z");
    await message(l4, "2026-03-10T08:30:00Z", { status: "bounced" });
    await message(l4, null, { status: "sending" });
    await message(l1, "2026-03-06T09:00:00Z");
    await message(l2, "2026-03-05T09:00:00Z");
    await message(l3, "2026-03-01T09:00:00Z");
    await message(l5, "2026-03-04T09:00:00Z");
    await message(l1, "2026-03-09T15:00:00Z", { direction: "inbound" });
    await message(l1, "2026-03-09T16:00:00Z", { direction: "inbound" });
    await message(l2, "2026-03-10T09:30:00Z", { direction: "inbound" });
    await message(l2, "2026-03-06T12:00:00Z", { direction: "inbound" });
    // What else arrives from a lead's address is no reply: an out-of-office, the bounce report, mail from nobody.
    await message(l4, "2026-03-10T09:00:00Z", { direction: "inbound", kind: "auto-reply" });
    await message(l4, "2026-03-10T08:31:00Z", { direction: "inbound", kind: "bounce" });
    await message(l4, "2026-03-10T08:32:00Z", { direction: "inbound", kind: "unmatched" });

    const response = await callApi("GET", `/email-accounts/${mailbox.id}/performance`, { key, query: { days: 3 } });
    expect(response.status).toBe(200);
    const performance = response.body!.data;
    expect(performance).toMatchObject({ mailboxId: mailbox.id, days: 3, timezone: "Europe/Paris" });
    expect(performance.period).toEqual({ from: "2026-03-08", to: "2026-03-10", sent: 5, contacted: 4, replies: 3, bounces: 1, replyRate: 0.75, bounceRate: 0.25 });
    expect(performance.previousPeriod).toEqual({ from: "2026-03-05", to: "2026-03-07", sent: 2, replies: 1, bounces: 0 });
    expect(performance.deltas).toEqual({
      sent: { change: 3, percent: 150 },
      replies: { change: 2, percent: 200 },
      bounces: { change: 1, percent: null },
    });
    expect(performance.daily).toEqual([
      { date: "2026-03-08", sent: 2, opens: 0, clicks: 0, replies: 0, bounces: 0 },
      { date: "2026-03-09", sent: 1, opens: 1, clicks: 0, replies: 1, bounces: 0 },
      { date: "2026-03-10", sent: 2, opens: 1, clicks: 1, replies: 2, bounces: 1 },
    ]);
    expect(performance.allTime).toEqual({ sent: 9, contacted: 5, replies: 3, bounces: 1, replyRate: 0.6, bounceRate: 0.2 });
    expect(performance.campaigns).toEqual([
      { campaignId: alpha, campaignName: "Alpha", sent: 3, contacted: 2, replies: 2, bounces: 0, replyRate: 1, bounceRate: 0 },
      { campaignId: beta, campaignName: "Beta", sent: 2, contacted: 2, replies: 1, bounces: 1, replyRate: 0.5, bounceRate: 0.5 },
    ]);
    expect(performance.counters).toEqual({ sent: 9, bounced: 1, complained: 0 });

    const defaults = await callApi("GET", `/email-accounts/${mailbox.id}/performance`, { key });
    expect(defaults.body!.data.days).toBe(30);
    expect(defaults.body!.data.daily).toHaveLength(30);
    expect(defaults.body!.data.period.sent).toBe(9);
    for (const days of [0, 366, 2.5]) {
      const bad = await callApi("GET", `/email-accounts/${mailbox.id}/performance`, { key, query: { days } });
      expect(bad.status).toBe(400);
      expect(bad.body!.error.details.fields).toEqual([{ field: "days", message: "must be a whole number from 1 to 365" }]);
    }
  });
});
