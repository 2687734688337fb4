// The campaign forecast against the real executor, lead by lead, for the like and follow steps: a
// like reads the lead's latest recent post (a lead without one skips it, as a comment does), a
// follow follows; both use the sender's turn and its human-like gap and count against their daily
// caps (post likes, shared with direct likes, and follows), which a sender with small caps reaches,
// so leads wait for the next day in the forecast as on the executor.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory } from "@/server/providers/linkedin/sandbox/directory";
import type { TSequenceInput } from "@/server/schemas/sequence";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { expectParity, forecastOne, world } from "@/server/test/forecast-parity";
import { campaignWith, memberOf } from "@/server/test/forecast-parity-campaigns";
import { updateCampaign } from "./update-campaign";

const directory = sandboxDirectory();
const POSTING = directory.filter((prospect) => prospect.posts.length > 0);
const QUIET = directory.filter((prospect) => prospect.posts.length === 0);

afterEach(async () => {
  await db.campaign.updateMany({ where: { status: "active" }, data: { status: "paused" } });
  setClock(systemClock);
});

/** The most actions of `type` the sender took on one day (UTC). */
async function busiestDay(accountId: string, type: string): Promise<number> {
  const actions = await db.senderAction.findMany({ where: { accountId, type, status: "done" }, select: { createdAt: true } });
  const perDay = new Map<string, number>();
  for (const action of actions) perDay.set(action.createdAt.toISOString().slice(0, 10), (perDay.get(action.createdAt.toISOString().slice(0, 10)) ?? 0) + 1);
  return Math.max(0, ...perDay.values());
}

describe("the forecast against the executor for likes and follows, lead by lead", () => {
  it("n. visit, like the latest post (skipped without one), follow, invite: with small like and follow caps", async () => {
    const { clock, actor, senders } = await world("like-follow", "2026-06-07T10:00:00Z", ["rep0"]);
    const sender = senders[0]!;
    await db.linkedinAccount.update({ where: { id: sender }, data: { limits: { daily: { postLikes: 2, follows: 3 } } } });
    const sequence: TSequenceInput = {
      steps: [
        { id: "look", type: "visit_profile" },
        { id: "like", type: "like_post", parent: "look", nextDelayHours: 2 },
        { id: "follow", type: "follow", parent: "like", nextDelayHours: 1 },
        { id: "invite", type: "invite", parent: "follow", branchDelays: { no: 120 } },
      ],
    };
    const prospects = [...POSTING.slice(10, 16), ...QUIET.slice(10, 13)];
    const campaign = await campaignWith(actor, { name: "Like and follow", pool: senders, sequence, prospects });

    clock.set("2026-06-08T07:00:00Z");
    await updateCampaign(actor, campaign.id, { status: "active" });
    const { forecast, before } = await forecastOne(actor, campaign.id, 8);
    await driveCampaigns(clock, new Date(forecast.horizonEnd));

    // The scenario did what it is for, on the executor: likes done and skipped, follows done, caps reached.
    const steps = await db.campaignLeadStep.findMany({ where: { campaignId: campaign.id } });
    const seen = new Set(steps.map((step) => `${step.stepType}:${step.status}`));
    for (const expected of ["like_post:done", "like_post:skipped", "follow:done", "invite:done"]) expect(seen).toContain(expected);
    expect(steps.find((step) => step.stepType === "like_post" && step.status === "skipped")?.detail).toBe("No recent post to like");
    expect(await busiestDay(sender, "post_like")).toBe(2);
    expect(await busiestDay(sender, "follow")).toBe(3);
    // Each follow is on the network once per prospect.
    const follows = await db.sandboxInteraction.findMany({ where: { kind: "follow", memberId: await memberOf(sender) }, select: { targetId: true } });
    expect(follows.length).toBe(new Set(follows.map((follow) => follow.targetId)).size);
    expect(follows.length).toBeGreaterThan(0);
    await expectParity(forecast, before);
  }, 240_000);
});
