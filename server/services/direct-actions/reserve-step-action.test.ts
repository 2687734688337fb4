// A campaign step's reservation in one statement: it starts the lead and writes the intent within
// the caps, leaves a stopped lead alone, takes back an intent a cap refuses (the lead pending again,
// the counters as before), and lets only one of two concurrent reservations take a sender's last
// action of the day.
import { afterEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { connectSender } from "@/server/services/senders/connect-sender";
import { countSenderUsage } from "@/server/services/senders/count-sender-usage";
import { createTestWorkspace } from "@/server/test/factories";
import { addCampaignLeads } from "../campaigns/add-campaign-leads";
import { createCampaign } from "../campaigns/create-campaign";
import { ZCreateCampaignInput } from "../../schemas/campaign";
import { ZConnectSenderInput } from "../../schemas/sender";
import { ZLeadsInput } from "../../schemas/lead";
import { reserveStepAction } from "./reserve-step-action";

afterEach(() => setClock(systemClock));

const WORKSPACE_LIMITS = { weeklyInvitationLimitFree: 100, weeklyInvitationLimitPaid: 100, bypassWeeklyInvitationLimit: false };

async function setUp(profileViewCap: number) {
  setClock(new ManualClock("2026-03-02T09:00:00Z"));
  await ensureSandboxDirectory();
  const { actor } = await createTestWorkspace();
  const connected = await connectSender(actor, ZConnectSenderInput.parse({ username: `reserve-step-${Date.now()}@example.com`, password: "x" }), { via: "api" });
  await db.linkedinAccount.update({ where: { id: connected.account.id }, data: { limits: { daily: { profileViews: profileViewCap } } } });
  const sender = await db.linkedinAccount.findUniqueOrThrow({ where: { id: connected.account.id } });
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Reserved", linkedinAccountIds: [sender.id], sequence: { steps: [{ id: "visit", type: "visit_profile" }] } }));
  const prospects = sandboxDirectory().slice(0, 3);
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: prospects.map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) })) }));
  const leads = await db.campaignLead.findMany({ where: { campaignId: campaign.id }, orderBy: { id: "asc" } });
  const reserve = (index: number) => {
    const campaignLead = leads[index]!;
    return reserveStepAction(
      sender,
      { type: "profile_view", source: "campaign", leadId: campaignLead.leadId, campaignLeadId: campaignLead.id, stepId: "visit", variantId: "v", honourWeeklyBypass: false },
      { campaignLeadId: campaignLead.id, campaignId: campaign.id, stepId: "visit", stepType: "visit_profile", variantId: "v" },
      WORKSPACE_LIMITS,
    );
  };
  return { sender, leads, reserve };
}

it("starts the lead and writes the intent, and leaves a stopped lead alone", async () => {
  const { sender, leads, reserve } = await setUp(5);
  const reserved = await reserve(0);
  expect(reserved.kind).toBe("reserved");
  if (reserved.kind !== "reserved") return;
  expect(await db.campaignLead.findUniqueOrThrow({ where: { id: leads[0]!.id } })).toMatchObject({ status: "running" });
  expect(await db.campaignLeadStep.findUniqueOrThrow({ where: { id: reserved.journalId } })).toMatchObject({ status: "sending", actionId: reserved.actionId });
  expect((await countSenderUsage(sender)).day.profileViews).toBe(1);

  await db.campaignLead.update({ where: { id: leads[1]!.id }, data: { status: "stopped" } });
  expect(await reserve(1)).toEqual({ kind: "lead-moved-on" });
  expect(await db.senderAction.count({ where: { campaignLeadId: leads[1]!.id } })).toBe(0);
  expect((await countSenderUsage(sender)).day.profileViews).toBe(1);
});

it("takes back an intent a cap refuses: no action, no journal row, the lead pending, the counters as before", async () => {
  const { sender, leads, reserve } = await setUp(1);
  expect((await reserve(0)).kind).toBe("reserved");
  const refused = await reserve(1);
  expect(refused).toMatchObject({ kind: "capped", cap: { limit: "daily", cap: "profileViews", max: 1 } });
  expect(await db.senderAction.count({ where: { campaignLeadId: leads[1]!.id } })).toBe(0);
  expect(await db.campaignLeadStep.count({ where: { campaignLeadId: leads[1]!.id } })).toBe(0);
  expect(await db.campaignLead.findUniqueOrThrow({ where: { id: leads[1]!.id } })).toMatchObject({ status: "pending" });
  expect((await countSenderUsage(sender)).day.profileViews).toBe(1);
});

it("lets only one of two concurrent reservations take the sender's last action of the day", async () => {
  const { sender, reserve } = await setUp(2);
  expect((await reserve(0)).kind).toBe("reserved");
  const results = await Promise.all([reserve(1), reserve(2)]);
  expect(results.map((result) => result.kind).sort()).toEqual(["capped", "reserved"]);
  expect((await countSenderUsage(sender)).day.profileViews).toBe(2);
});
