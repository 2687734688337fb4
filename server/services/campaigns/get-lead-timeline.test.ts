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
