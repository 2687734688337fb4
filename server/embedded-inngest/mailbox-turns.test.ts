// The embedded path of e-mail steps, end to end: Herald's real Inngest functions served by the real
// route, driven by the embedded executor. A pass fans out one herald/mailbox-turn.due event per
// mailbox with due e-mails, take-mailbox-turn runs keyed by mailbox send them, one per turn with the
// mailbox's gap between them, through a fake mail provider.
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "../db/client";
import { ManualClock, now } from "../lib/clock";
import { setMailProvider } from "../providers/mail";
import type { MailProvider, OutgoingEmail } from "../providers/mail/types";
import { addCampaignLeads } from "../services/campaigns/add-campaign-leads";
import { assignCampaignMailboxes } from "../services/campaigns/assign-campaign-mailboxes";
import { createCampaign } from "../services/campaigns/create-campaign";
import { createTestWorkspace } from "../test/factories";
import { startHeraldJobs, type HeraldJobs } from "../test/herald-jobs";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";

let jobs: HeraldJobs;
const sent: OutgoingEmail[] = [];

beforeAll(async () => {
  // A Monday morning, inside the campaign's schedule.
  jobs = await startHeraldJobs(new ManualClock("2026-03-02T09:00:00Z"));
  const provider: MailProvider = {
    name: "sandbox",
    verify: async () => {},
    send: async (_mailbox, email) => {
      sent.push(email);
      return { messageId: email.messageId, acceptedAt: now().toISOString(), response: "250 OK" };
    },
    findSent: async () => null,
    fetchIncoming: async () => ({ messages: [], cursor: null }),
  };
  setMailProvider("sandbox", provider);
});
afterAll(async () => {
  setMailProvider("sandbox", undefined);
  await jobs.stop();
});

it("sends a campaign's e-mails through pass and per-mailbox turn functions on the embedded executor", async () => {
  const { actor, workspace } = await createTestWorkspace();
  const mailbox = await db.mailbox.create({
    data: { workspaceId: workspace.id, label: "Rep", email: "rep@sender.example", provider: "sandbox", authType: "sandbox", connectedVia: "api", createdAt: now(), updatedAt: now() },
  });
  const created = await createCampaign(
    actor,
    ZCreateCampaignInput.parse({
      sequence: { steps: [{ type: "email", config: { subject: "Hello {{firstName}}", text: "Hi {{firstName}}" } }] },
      schedule: { timezone: "UTC", activeHours: { from: "08:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] },
    }),
  );
  await addCampaignLeads(actor, created.id, { leads: ["ann", "bob", "cid"].map((name) => ({ email: `${name}@prospect.example`, firstName: name })) });
  // Activation's own rules for e-mail campaigns are another part's; here the campaign simply runs with its mailbox.
  const campaign = await db.campaign.update({ where: { id: created.id }, data: { status: "active", emailAccountIds: [mailbox.id] } });
  await db.$transaction((tx) => assignCampaignMailboxes(tx, campaign));

  // Minute by minute, the cron passes hand out turns until every lead was e-mailed.
  for (let minute = 0; minute < 60; minute++) {
    const open = await db.campaignLead.count({ where: { campaignId: campaign.id, emailContacted: false } });
    if (!open) break;
    jobs.clock.advance(60_000);
    await jobs.executor.drain();
  }
  expect(sent.map((email) => email.to.address).sort()).toEqual(["ann@prospect.example", "bob@prospect.example", "cid@prospect.example"]);
  const turns = await db.jobRun.findMany({ where: { functionId: "herald-take-mailbox-turn" } });
  expect(turns.length).toBeGreaterThanOrEqual(3);
  expect(new Set(turns.flatMap((run) => run.concurrencyKeys))).toEqual(new Set([`fn:herald-take-mailbox-turn:${mailbox.id}`]));
  expect(await db.jobRun.count({ where: { functionId: { in: ["herald-take-mailbox-turn", "herald-run-campaign-executor"] }, status: "failed" } })).toBe(0);
  const emails = await db.emailMessage.findMany({ where: { campaignId: campaign.id }, orderBy: { sentAt: "asc" } });
  expect(emails.map((email) => email.status)).toEqual(["sent", "sent", "sent"]);
  // One e-mail per turn: the mailbox rested its gap (at least three minutes) between them.
  expect(emails[1]!.sentAt!.getTime() - emails[0]!.sentAt!.getTime()).toBeGreaterThanOrEqual(180_000);
}, 300_000);
