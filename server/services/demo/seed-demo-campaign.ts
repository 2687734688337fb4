// The Quick start's sample: two senders on the sandbox network and a paused campaign with a
// branching sequence and thirty prospects, so a newcomer can look at a forecast, activate it and
// watch invitations, acceptances, messages and replies happen. Created once; never touched again.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { linkedinProviderName } from "../../providers/linkedin";
import { addCampaignLeads } from "../campaigns/add-campaign-leads";
import { createCampaign } from "../campaigns/create-campaign";
import { sampleSandboxProspects } from "../sandbox/sample-sandbox-prospects";
import { connectSender } from "../senders/connect-sender";
import { ZCreateCampaignInput } from "../../schemas/campaign";
import { ZConnectSenderInput } from "../../schemas/sender";
import { ZLeadsInput } from "../../schemas/lead";

export const DEMO_SENDERS = ["demo.ada@example.com", "demo.ben+premium@example.com"];

export async function seedDemoCampaign(actor: Actor): Promise<{ campaignId: string; senderIds: string[] } | null> {
  if (linkedinProviderName() !== "sandbox") return null;
  if (await db.campaign.count({ where: { workspaceId: actor.workspaceId } })) return null;
  const prospects = await sampleSandboxProspects(30);
  const connected = await db.linkedinAccount.findMany({ where: { workspaceId: actor.workspaceId, connectionStatus: "connected" }, select: { id: true }, take: 2 });
  const senders = connected.map((sender) => sender.id);
  if (!senders.length) {
    for (const username of DEMO_SENDERS) {
      senders.push((await connectSender(actor, ZConnectSenderInput.parse({ username, password: "demo", timezone: "Europe/Paris" }), { via: "dashboard" })).account.id);
    }
  }
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({
    name: "Sample: founders and sales leaders",
    status: "paused",
    linkedinAccountIds: senders,
    aiInterestEnabled: true,
    // Around the clock, every day: a newcomer who activates the sample in the evening or at the
    // weekend sees its senders start at the executor's next minute, not at the next working morning.
    // (Their own campaigns get the usual working hours; the campaign's settings say how to narrow this.)
    schedule: { timezone: "Europe/Paris", activeHours: { from: "00:00", to: "24:00" }, activeDays: [1, 2, 3, 4, 5, 6, 7] },
    sequence: {
      steps: [
        { id: "visit", type: "visit_profile", nextDelayHours: 2 },
        {
          id: "invite",
          type: "invite",
          parent: "visit",
          config: { note: "Hi {{firstName}}, I enjoyed reading about {{company}}. Would be glad to connect.", fallbackNote: "Hi, would be glad to connect.", withdrawEnabled: true, withdrawDays: 10 },
          branchDelays: { yes: 4 },
        },
        {
          id: "thanks",
          type: "message",
          parent: "invite",
          branch: "yes",
          nextDelayHours: 72,
          config: {
            text: "Thanks for connecting, {{firstName}}! We help teams like {{company}} book more meetings. Worth a chat?",
            variants: [
              { text: "Thanks for connecting, {{firstName}}! We help teams like {{company}} book more meetings. Worth a chat?" },
              { text: "Great to connect, {{firstName}}. Curious how {{company}} handles outbound today?" },
            ],
          },
        },
        { id: "follow-up", type: "message", parent: "thanks", branch: "no", config: { text: "Following up, {{firstName}}: happy to send a 2-minute video instead." } },
        { id: "open", type: "if_open_profile", parent: "invite", branch: "no" },
        { id: "inmail", type: "inmail", parent: "open", branch: "yes", config: { subject: "Outreach at {{company}}", text: "Hi {{firstName}}, quick question about {{company}}'s outbound.", whenUnable: "skip" } },
      ],
    },
  }));
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: prospects }), "demo");
  return { campaignId: campaign.id, senderIds: senders };
}
