// Issue 32's demo complaints, on the real executor: a sender kept a prospect who had just been
// visited (or had just accepted) waiting behind every other lead's first visit, and a delay cut
// from 2 hours to none left leads "in 2 hours". Follow-ups now go first (turn-policy.ts
// candidateOrder), and a changed delay re-times the leads waiting on it (retime-waiting-leads.ts).
import { afterEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import type { TSequenceInput } from "@/server/schemas/sequence";
import { connectSender } from "@/server/services/senders/connect-sender";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { createTestWorkspace } from "@/server/test/factories";
import { ZCreateCampaignInput, ZUpdateCampaignInput } from "../../../schemas/campaign";
import { ZLeadsInput } from "../../../schemas/lead";
import { ZConnectSenderInput } from "../../../schemas/sender";
import { addCampaignLeads } from "../add-campaign-leads";
import { createCampaign } from "../create-campaign";
import { updateCampaign } from "../update-campaign";

afterEach(() => setClock(systemClock));

const HOUR = 3_600_000;
const AROUND_THE_CLOCK = { timezone: "Europe/Paris", activeHours: { from: "00:00", to: "24:00" }, activeDays: [1, 2, 3, 4, 5, 6, 7] };

async function campaignOf(label: string, sequence: TSequenceInput, leads: number) {
  const clock = new ManualClock("2026-03-02T10:00:00Z");
  setClock(clock);
  await ensureSandboxDirectory();
  const { actor } = await createTestWorkspace();
  const sender = await connectSender(actor, ZConnectSenderInput.parse({ username: `${label}-rep0@example.com`, password: "x" }), { via: "api" });
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: label, linkedinAccountIds: [sender.account.id], sequence, schedule: AROUND_THE_CLOCK }));
  const prospects = sandboxDirectory().slice(40, 40 + leads);
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: prospects.map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) })) }));
  return { clock, actor, campaign };
}

it("takes a visited lead's invitation before the next lead's first visit", async () => {
  const { clock, actor, campaign } = await campaignOf("order", { steps: [{ id: "look", type: "visit_profile" }, { id: "ask", type: "invite", parent: "look" }] }, 4);
  await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }));
  // Eight actions, each followed by a 1.5 to 7 minute rest.
  await driveCampaigns(clock, new Date(clock.now().getTime() + 60 * 60_000));

  const actions = await db.senderAction.findMany({ where: { workspaceId: actor.workspaceId, source: "campaign" }, orderBy: { createdAt: "asc" }, include: { lead: { select: { publicIdentifier: true } } } });
  const order = actions.map((action) => `${action.type} ${action.lead?.publicIdentifier}`);
  expect(order).toHaveLength(8);
  // Each lead is visited, then invited at the sender's next turn, before anyone else is visited.
  for (let index = 0; index < order.length; index += 2) {
    expect(order[index]).toMatch(/^profile_view /);
    expect(order[index + 1]).toBe(order[index]!.replace("profile_view", "invitation"));
  }
}, 120_000);

it("re-times leads waiting out a delay when the delay changes, both ways", async () => {
  const sequence: TSequenceInput = { steps: [{ id: "look", type: "visit_profile", nextDelayHours: 2 }, { id: "ask", type: "invite", parent: "look" }] };
  const { clock, actor, campaign } = await campaignOf("retime", sequence, 1);
  await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }));
  await driveCampaigns(clock, new Date(clock.now().getTime() + 10 * 60_000));
  const visit = await db.senderAction.findFirstOrThrow({ where: { workspaceId: actor.workspaceId, type: "profile_view" } });
  const waiting = () => db.campaignLead.findFirstOrThrow({ where: { campaignId: campaign.id }, select: { currentStepId: true, phase: true, waitUntil: true } });
  expect(await waiting()).toEqual({ currentStepId: "ask", phase: "ready", waitUntil: new Date(visit.createdAt.getTime() + 2 * HOUR) });

  const withDelay = (hours: number): TSequenceInput => ({ steps: [{ ...sequence.steps[0]!, nextDelayHours: hours }, sequence.steps[1]!] });
  await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ sequence: withDelay(5) }));
  expect((await waiting()).waitUntil).toEqual(new Date(visit.createdAt.getTime() + 5 * HOUR));
  await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ sequence: withDelay(0) }));
  expect((await waiting()).waitUntil).toEqual(visit.createdAt);

  // Due since the visit: the sender's next turn invites.
  await driveCampaigns(clock, new Date(clock.now().getTime() + 10 * 60_000));
  expect(await db.senderAction.count({ where: { workspaceId: actor.workspaceId, type: "invitation" } })).toBe(1);
  // A copy edit moves nobody.
  const before = await waiting();
  await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ sequence: { steps: [sequence.steps[0]!, { ...sequence.steps[1]!, config: { note: "Hello {{firstName}}" } }] } }));
  expect(await waiting()).toEqual(before);
}, 60_000);
