// The forecast against the real executor, lead by lead (as forecast-parity.test.ts), for the order
// of a sender's turn and for delays edited under waiting leads: follow-ups go before first visits
// (turn-policy.ts candidateOrder, in the executor's turn query and the forecast's lines alike), and
// a changed delay re-times the leads waiting on it (retime-waiting-leads.ts) before the forecast is
// taken. Scenario l fails when the forecast keeps the old order (due time only).
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory } from "@/server/providers/linkedin/sandbox/directory";
import type { TSequenceInput } from "@/server/schemas/sequence";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { expectParity, forecastOne, world } from "@/server/test/forecast-parity";
import { campaignWith } from "@/server/test/forecast-parity-campaigns";
import { ZUpdateCampaignInput } from "../../schemas/campaign";
import { updateCampaign } from "./update-campaign";

const directory = sandboxDirectory();
const OPEN = directory.filter((prospect) => prospect.openProfile);
const CLOSED = directory.filter((prospect) => !prospect.openProfile);

afterEach(async () => {
  await db.campaign.updateMany({ where: { status: "active" }, data: { status: "paused" } });
  setClock(systemClock);
});

describe("the forecast against the executor: the turn order and re-timed leads", () => {
  it("l. follow-ups first: each visited lead's invitation, due at once, goes before the next lead's first visit", async () => {
    const { clock, actor, senders } = await world("followups", "2026-10-11T10:00:00Z", ["rep0", "rep1"]);
    const campaign = await campaignWith(actor, {
      name: "Follow-ups",
      pool: senders,
      sequence: {
        steps: [
          { id: "look", type: "visit_profile" },
          { id: "invite", type: "invite", parent: "look", config: { withdrawEnabled: true, withdrawDays: 2 } },
          { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks, {{firstName}}" } },
        ],
      },
      prospects: [...CLOSED.slice(140, 150), ...OPEN.slice(24, 28)],
    });
    clock.set("2026-10-12T07:00:00Z");
    const { forecast, before } = await forecastOne(actor, campaign.id, 3);
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date(forecast.horizonEnd));
    // The scenario did what it is for: some sender invited a visited lead while first visits were still due.
    const actions = await db.senderAction.findMany({ where: { campaignLeadId: { in: campaign.leads.map((lead) => lead.id) } }, orderBy: { createdAt: "asc" }, select: { type: true, accountId: true, campaignLeadId: true } });
    const lastVisit = new Map(actions.filter((action) => action.type === "profile_view").map((action) => [action.accountId, actions.lastIndexOf(action)]));
    expect(actions.some((action, index) => action.type === "invitation" && index < lastVisit.get(action.accountId)!)).toBe(true);
    await expectParity(forecast, before);
  }, 180_000);

  it("k. delays changed while leads wait: the forecast taken after the edit holds for the re-timed leads", async () => {
    const { clock, actor, senders } = await world("retimed", "2026-10-04T10:00:00Z", ["rep0", "rep1"]);
    const steps = (visitDelay: number, replyWindow: number): TSequenceInput => ({
      steps: [
        { id: "look", type: "visit_profile", nextDelayHours: visitDelay },
        { id: "invite", type: "invite", parent: "look", branchDelays: { no: 72 } },
        { id: "thanks", type: "message", parent: "invite", branch: "yes", nextDelayHours: replyWindow, config: { text: "Thanks, {{firstName}}" } },
        { id: "again", type: "visit_profile", parent: "thanks", branch: "no" },
      ],
    });
    const campaign = await campaignWith(actor, { name: "Re-timed", pool: senders, sequence: steps(30, 48), prospects: [...CLOSED.slice(130, 136), ...OPEN.slice(20, 22)] });
    clock.set("2026-10-05T07:00:00Z");
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date("2026-10-05T15:00:00Z"));
    // Visited leads wait out 30 hours; the edit cuts it to 2 (most are due at once) and the reply window to 24.
    const waiting = await db.campaignLead.findMany({ where: { campaignId: campaign.id, currentStepId: "invite", phase: "ready" }, select: { id: true, waitUntil: true } });
    expect(waiting.length).toBeGreaterThan(0);
    await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ sequence: steps(2, 24) }));
    const retimed = await db.campaignLead.findMany({ where: { id: { in: waiting.map((lead) => lead.id) } }, select: { id: true, waitUntil: true } });
    for (const lead of retimed) expect(lead.waitUntil!.getTime()).toBe(waiting.find((row) => row.id === lead.id)!.waitUntil!.getTime() - 28 * 3_600_000);

    const { forecast, before } = await forecastOne(actor, campaign.id, 8);
    await driveCampaigns(clock, new Date(forecast.horizonEnd));
    expect(await db.senderAction.count({ where: { campaignLeadId: { in: waiting.map((lead) => lead.id) }, type: "invitation", createdAt: { lt: new Date("2026-10-05T18:00:00Z") } } })).toBeGreaterThan(0);
    await expectParity(forecast, before);
  }, 180_000);
});
