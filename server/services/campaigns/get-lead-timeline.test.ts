// The lead page's data against the real executor on the sandbox network.
import { afterEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, now, setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { addCampaignLeads } from "@/server/services/campaigns/add-campaign-leads";
import { createCampaign } from "@/server/services/campaigns/create-campaign";
import { pauseCampaignLead } from "@/server/services/campaigns/pause-campaign-lead";
import { updateCampaign } from "@/server/services/campaigns/update-campaign";
import { connectSender } from "@/server/services/senders/connect-sender";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { createTestWorkspace } from "@/server/test/factories";
import { getLeadTimeline } from "./get-lead-timeline";
import { ZCreateCampaignInput, ZUpdateCampaignInput } from "../../schemas/campaign";
import { ZConnectSenderInput } from "../../schemas/sender";
import { ZLeadsInput } from "../../schemas/lead";

afterEach(() => setClock(systemClock));

it("tells a lead's story: added, each step by its name, a reply with its text, a pause; profile values with the provider's beside them", async () => {
  const start = "2026-03-02T08:00:00Z";
  const clock = new ManualClock(start);
  setClock(clock);
  await ensureSandboxDirectory();
  const { actor } = await createTestWorkspace();
  const account = await connectSender(actor, ZConnectSenderInput.parse({ username: `timeline-${Date.now()}@example.com`, password: "x", label: "Ada's account" }), { via: "api" });
  const senderId = account.account.id;
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({
    name: "Story",
    linkedinAccountIds: [senderId],
    sequence: { steps: [{ id: "look", type: "visit_profile" }, { id: "ask", type: "invite", parent: "look", config: { withdrawEnabled: false } }] },
    schedule: { timezone: "UTC", activeHours: { from: "08:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] },
  }));
  const prospect = sandboxDirectory()[7]!;
  const added = await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: [{ profileUrl: sandboxProfileUrl(prospect.publicIdentifier), company: "Acme", customVariables: { topic: "pricing" } }] }));
  const leadId = added.leadIds[0]!;

  const empty = await getLeadTimeline(actor, campaign.id, leadId);
  expect(empty.events.map((event) => event.title)).toEqual(["Added to the campaign"]);
  expect(empty.currentStep).toEqual({ id: "look", label: "#1 Visit profile" });

  await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }));
  await driveCampaigns(clock, new Date(Date.parse(start) + 3 * 3_600_000));
  // The prospect answers on LinkedIn: recorded as a message with the lead.
  await db.linkedinMessage.create({
    data: { workspaceId: actor.workspaceId, accountId: senderId, leadId, chatId: "chat-1", providerMessageId: "pm-1", direction: "inbound", source: "campaign", text: "Happy to talk pricing", at: now(), createdAt: now() },
  });
  clock.advance(60_000);
  // It waits for the invitation's answer.
  expect((await db.campaignLead.findFirstOrThrow({ where: { campaignId: campaign.id, leadId } })).status).toBe("running");
  await pauseCampaignLead(actor, campaign.id, leadId);

  const timeline = await getLeadTimeline(actor, campaign.id, leadId);
  const titles = timeline.events.map((event) => event.title);
  expect(titles[0]).toBe("Added to the campaign");
  expect(titles).toContain("#1 Visit profile: profile visited");
  expect(titles.some((title) => title.startsWith("#2 Connection request:"))).toBe(true);
  const reply = timeline.events.find((event) => event.kind === "reply");
  expect(reply).toMatchObject({ title: "Replied", text: "Happy to talk pricing" });
  expect(titles[titles.length - 1]).toBe("Paused");
  const times = timeline.events.map((event) => event.at);
  expect([...times].sort()).toEqual(times);

  expect(timeline.campaign).toEqual({ id: campaign.id, name: "Story", status: "active" });
  expect(timeline.senderName).toBe("Ada's account");
  expect(timeline.campaignLead.customVariables).toEqual({ topic: "pricing" });
  expect(timeline.profile.find((view) => view.field === "company")).toMatchObject({ label: "Company", value: "Acme", from: "you", providerValue: prospect.company });
  expect(timeline.profile.find((view) => view.field === "lastName")).toMatchObject({ value: prospect.lastName, from: "provider", providerValue: null });
});

it("answers not found for a lead of another workspace", async () => {
  const { actor } = await createTestWorkspace();
  const { actor: other } = await createTestWorkspace();
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Mine" }));
  const added = await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: [{ email: "jane@example.com" }] }));
  await expect(getLeadTimeline(other, campaign.id, added.leadIds[0]!)).rejects.toMatchObject({ status: 404 });
});

it("shows the campaign's e-mails to the lead: each step's e-mail with its subject and mailbox, then its opens and clicks", async () => {
  const clock = new ManualClock("2026-03-02T09:00:00Z");
  setClock(clock);
  const { actor } = await createTestWorkspace();
  const at = now();
  const mailbox = await db.mailbox.create({
    data: { workspaceId: actor.workspaceId, label: "Ada at Acme", email: "ada@acme.test", provider: "sandbox", authType: "sandbox", connectedVia: "api", createdAt: at, updatedAt: at },
  });
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({
    name: "Mail",
    emailAccountIds: [mailbox.id],
    sequence: { steps: [{ id: "first", type: "email", config: { subject: "Quick question", text: "Hello Jane" } }, { id: "again", type: "email", parent: "first", branch: "no", config: { subject: "Following up", text: "Any thoughts?" } }] },
  }));
  const added = await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: [{ email: "jane@example.com" }] }));
  const campaignLeadId = added.campaignLeadIds[0]!;
  const minutes = (count: number) => new Date(at.getTime() + count * 60_000);
  const email = (input: { stepId: string; subject: string; text: string; status: string; minute: number; threaded?: boolean; openedMinute?: number; clickedMinute?: number; error?: string }) =>
    db.emailMessage.create({
      data: {
        workspaceId: actor.workspaceId,
        mailboxId: mailbox.id,
        leadId: added.leadIds[0]!,
        campaignLeadId,
        campaignId: campaign.id,
        stepId: input.stepId,
        direction: "outbound",
        source: "campaign",
        status: input.status,
        messageId: `<${input.stepId}@acme.test>`,
        threadRootId: "<first@acme.test>",
        threaded: input.threaded ?? false,
        fromAddress: "ada@acme.test",
        toAddress: "jane@example.com",
        subject: input.subject,
        text: input.text,
        sentAt: input.status === "sent" ? minutes(input.minute) : null,
        openedAt: input.openedMinute === undefined ? null : minutes(input.openedMinute),
        clickedAt: input.clickedMinute === undefined ? null : minutes(input.clickedMinute),
        error: input.error ?? null,
        createdAt: minutes(input.minute),
        updatedAt: minutes(input.minute),
      },
    });
  await db.campaignLeadStep.create({ data: { campaignLeadId, campaignId: campaign.id, stepId: "first", stepType: "email", status: "done", startedAt: minutes(1), finishedAt: minutes(1) } });
  await email({ stepId: "first", subject: "Quick question", text: "Hello Jane", status: "sent", minute: 1, openedMinute: 30, clickedMinute: 45 });
  // A follow-up the journal does not show yet (sent, its step not recorded): still on the timeline.
  await email({ stepId: "again", subject: "Re: Quick question", text: "Any thoughts?", status: "sent", minute: 4000, threaded: true });

  const timeline = await getLeadTimeline(actor, campaign.id, added.leadIds[0]!);
  expect(timeline.mailboxName).toBe("Ada at Acme");
  expect(timeline.campaignLead.emailAccountId).toBe(mailbox.id);
  expect(timeline.events.map((event) => [event.kind, event.title, event.detail, event.text])).toEqual([
    ["added", "Added to the campaign", null, null],
    ["email", "#1 E-mail: sent", '"Quick question" · From Ada at Acme', "Hello Jane"],
    ["email", "Opened the e-mail", '"Quick question"', null],
    ["email", "Clicked a link in the e-mail", '"Quick question"', null],
    ["email", "E-mail sent", '"Re: Quick question" · From Ada at Acme · In the same thread', "Any thoughts?"],
  ]);
});
