// The campaign forecast against the real executor for sending e-mail (forecast-parity.test.ts has
// the LinkedIn scenarios, forecast-parity-mail.test.ts what comes back to a mailbox). E-mail steps
// (h) run on mailbox turns in both (decideEmailStep, the mailbox turn policy and gap), within each
// mailbox's daily limit counted in its zone; without an answer both move a lead on by the no-reply
// branch. Tracked opens and clicks (i) come from the sandbox mail network's model in both, once the
// forecast judges links on the HTML body as sent (an address in a plain-text body is not a link).
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { now, setClock, systemClock } from "@/server/lib/clock";
import { setMailProvider } from "@/server/providers/mail";
import type { MailProvider } from "@/server/providers/mail/types";
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
  setMailProvider("sandbox", undefined);
  setClock(systemClock);
});

describe("the forecast against the executor for e-mail sending, lead by lead", () => {
  it("h. a mixed LinkedIn and e-mail campaign: visits, e-mails from two mailboxes with small daily limits in two zones, then invitations and messages", async () => {
    const { clock, actor, workspace, senders } = await world("mixed", "2026-05-03T10:00:00Z", ["rep0"]);
    // A mail server that takes every e-mail, whose recipients never answer, bounce or complain (it says so to the forecast).
    const sent: string[] = [];
    const server: MailProvider = {
      name: "sandbox",
      verify: () => Promise.resolve(),
      async send(_mailbox, email) {
        sent.push(email.messageId);
        return { messageId: email.messageId, acceptedAt: now().toISOString(), response: "250 OK" };
      },
      findSent: () => Promise.resolve(null),
      fetchIncoming: () => Promise.resolve({ messages: [], cursor: null }),
      planOutcome: () => ({ openAt: null, clickAt: null, replyAt: null, autoReplyAt: null, bounce: null, complainAt: null }),
    };
    setMailProvider("sandbox", server);
    const mailbox = async (email: string, timezone: string, dailyLimit: number) =>
      (
        await db.mailbox.create({
          data: { workspaceId: workspace.id, label: email, email, provider: "sandbox", authType: "sandbox", connectedVia: "api", timezone, dailyLimit, createdAt: now(), updatedAt: now() },
        })
      ).id;
    const mailboxes = [await mailbox("ada@mixed.test", "Europe/Paris", 2), await mailbox("ben@mixed.test", "America/New_York", 3)];
    const sequence: TSequenceInput = {
      steps: [
        { id: "look", type: "visit_profile", nextDelayHours: 1 },
        { id: "hello", type: "email", parent: "look", nextDelayHours: 24, config: { subject: "Hello {{firstName}}", fallbackSubject: "Hello", text: "A short note" } },
        { id: "again", type: "email", parent: "hello", branch: "no", nextDelayHours: 48, config: { subject: "Following up", text: "Any thoughts?" } },
        { id: "invite", type: "invite", parent: "again", branch: "no", branchDelays: { no: 72 } },
        { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks, {{firstName}}" } },
      ],
    };
    const campaign = await createCampaign(
      actor,
      ZCreateCampaignInput.parse({ name: "Mixed", linkedinAccountIds: senders, emailAccountIds: mailboxes, sequence, schedule: SCHEDULE }),
    );
    const prospects = CLOSED.slice(20, 28);
    // The first has no address (its e-mail steps are skipped); the second unsubscribed earlier.
    const added = await addCampaignLeads(
      actor,
      campaign.id,
      ZLeadsInput.parse({
        leads: prospects.map((prospect, index) => ({
          profileUrl: sandboxProfileUrl(prospect.publicIdentifier),
          ...(index === 0 ? {} : { email: `${prospect.publicIdentifier}@example.com` }),
        })),
      }),
    );
    expect(added.added).toBe(prospects.length);
    await db.lead.update({ where: { id: added.leadIds[1]! }, data: { emailOptOut: true } });

    clock.set("2026-05-04T06:00:00Z");
    const { forecast, before } = await forecastOne(actor, campaign.id, 10);
    expect(forecast.assumptions.join(" ")).toContain("Replies, bounces, spam complaints and tracked opens and clicks follow the sandbox mail network's behaviour model.");
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date(forecast.horizonEnd));

    // The scenario did what it is for: both mailboxes sent, one of them up to its limit on a day,
    // the lead without an address and the unsubscribed one skipped their e-mails.
    const emails = await db.emailMessage.findMany({ where: { campaignId: campaign.id, status: "sent" } });
    expect(emails.length).toBe(sent.length);
    expect(new Set(emails.map((email) => email.mailboxId))).toEqual(new Set(mailboxes));
    const perDay = new Map<string, number>();
    for (const email of emails.filter((row) => row.mailboxId === mailboxes[0])) {
      const key = email.createdAt.toLocaleDateString("en-CA", { timeZone: "Europe/Paris" });
      perDay.set(key, (perDay.get(key) ?? 0) + 1);
    }
    expect(Math.max(...perDay.values())).toBe(2);
    const skipped = await db.campaignLeadStep.findMany({ where: { campaignId: campaign.id, stepType: "email", status: "skipped" }, select: { campaignLeadId: true } });
    expect(new Set(skipped.map((step) => step.campaignLeadId)).size).toBe(2);
    expect(forecast.totals.emails).toBeGreaterThan(0);
    await expectParity(forecast, before);
  }, 180_000);

  it("i. tracked e-mails on the sandbox mail network: opens and clicks as its model plans them, seen through Herald's tracking", async () => {
    const { clock, actor, workspace } = await world("tracked", "2026-06-07T10:00:00Z", []);
    const box = await db.mailbox.create({
      data: { workspaceId: workspace.id, label: "Tracked", email: "tracked@parity.test", provider: "sandbox", authType: "sandbox", connectedVia: "api", timezone: "Europe/Paris", dailyLimit: 6, createdAt: now(), updatedAt: now() },
    });
    const sequence: TSequenceInput = {
      steps: [
        { id: "hello", type: "email", nextDelayHours: 24, config: { subject: "Hello", text: "Our offer", html: '<p>Our <a href="https://example.com/offer">offer</a></p>' } },
        { id: "again", type: "email", parent: "hello", branch: "no", config: { subject: "Again", text: "Still interested?" } },
      ],
    };
    const campaign = await createCampaign(
      actor,
      ZCreateCampaignInput.parse({ name: "Tracked", emailAccountIds: [box.id], sequence, schedule: SCHEDULE, tracking: { opens: "on", clicks: "on" } }),
    );
    // The network's test addresses that always click or only open, and readers who do as its rates say.
    const addresses = ["clicker-ann@tracked.example", "opener-bob@tracked.example", ...Array.from({ length: 8 }, (_, index) => `reader-${index}@tracked.example`)];
    await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: addresses.map((email) => ({ email })) }));

    clock.set("2026-06-08T06:00:00Z");
    const { forecast, before } = await forecastOne(actor, campaign.id, 6);
    expect(forecast.assumptions).toContain("Replies, bounces, spam complaints and tracked opens and clicks follow the sandbox mail network's behaviour model.");
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date(forecast.horizonEnd));

    // The scenario did what it is for: some e-mails were opened and some clicked, as Herald saw them.
    const seen = await db.emailMessage.findMany({ where: { campaignId: campaign.id }, select: { openedAt: true, clickedAt: true } });
    expect(seen.some((email) => email.openedAt)).toBe(true);
    expect(seen.some((email) => !email.openedAt)).toBe(true);
    expect(seen.some((email) => email.clickedAt)).toBe(true);
    await expectParity(forecast, before);
  }, 180_000);

  it("j. leads missing a placeholder's value: the first e-mail skips them, the follow-up (no subject of its own) holds them", async () => {
    const { clock, actor, workspace } = await world("guarded", "2026-06-07T10:00:00Z", []);
    const box = await db.mailbox.create({
      data: { workspaceId: workspace.id, label: "Guarded", email: "guarded@parity.test", provider: "sandbox", authType: "sandbox", connectedVia: "api", timezone: "Europe/Paris", dailyLimit: 20, createdAt: now(), updatedAt: now() },
    });
    const sequence: TSequenceInput = {
      steps: [
        { id: "hello", type: "email", nextDelayHours: 24, config: { subject: "Quick idea for {{company}}", text: "Hi {{firstName|there}}", whenValueMissing: "skip" } },
        { id: "again", type: "email", parent: "hello", branch: "no", config: { text: "Hi {{firstName}}, any thoughts?", whenValueMissing: "hold" } },
      ],
    };
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Guarded", emailAccountIds: [box.id], sequence, schedule: SCHEDULE }));
    // Quiet readers of the sandbox network; some without a company, some without a first name.
    const leads = Array.from({ length: 6 }, (_, index) => ({
      email: `reader-guard-${index}@guarded.example`,
      ...(index % 2 === 0 ? { company: `Company ${index}` } : {}),
      ...(index < 4 ? { firstName: `Reader${index}` } : {}),
    }));
    await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads }));

    clock.set("2026-06-08T06:00:00Z");
    const { forecast, before } = await forecastOne(actor, campaign.id, 6);
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date(forecast.horizonEnd));

    // The scenario did what it is for: the three leads without a company skipped the first e-mail,
    // and every lead the follow-up would leave without a value (company in the borrowed subject, or first name) is held with the reason.
    const skipped = await db.campaignLeadStep.findMany({ where: { campaignId: campaign.id, stepId: "hello", status: "skipped" } });
    expect(skipped).toHaveLength(3);
    const held = await db.campaignLead.findMany({ where: { campaignId: campaign.id, status: "paused" }, select: { error: true } });
    expect(held).toHaveLength(4);
    expect(held.every((lead) => lead.error?.startsWith("Held before an e-mail: this lead has no"))).toBe(true);
    await expectParity(forecast, before);
  }, 180_000);
});
