// The demo's A/B sample gives a verdict in words on first start, through the experiments read the
// Experiments panel shows.
import { expect, it } from "vitest";
import { db } from "../../db/client";
import { getCampaignExperiments } from "../campaigns/experiments/get-campaign-experiments";
import { EXPERIMENT_SAMPLE_NAME } from "./seed-demo-experiment-campaign";
import { seedDemoWorkspace } from "./seed-demo-workspace";

it("seeds a finished two-variant test whose experiment read names B as likely better, in words", async () => {
  const demo = await seedDemoWorkspace();
  const campaign = await db.campaign.findUniqueOrThrow({ where: { id: demo.experimentCampaignId! } });
  expect(campaign).toMatchObject({ name: EXPERIMENT_SAMPLE_NAME, status: "paused", finishedAt: expect.any(Date) });
  // Every lead is at rest: activating the sample sends nothing.
  expect(await db.campaignLead.count({ where: { campaignId: campaign.id, status: { notIn: ["done", "replied"] } } })).toBe(0);

  const owner = await db.membership.findFirstOrThrow({ where: { workspaceId: demo.workspaceId, role: "owner" } });
  const actor = { userId: owner.userId, workspaceId: demo.workspaceId, role: "owner" as const, canManageBilling: true };
  const experiments = await getCampaignExperiments(actor, campaign.id);
  expect(experiments.steps).toHaveLength(1);
  const [thanks] = experiments.steps;
  expect(thanks).toMatchObject({ stepId: "thanks", label: "#2 Message", metric: "reply", promotedVariantId: null });
  expect(thanks!.variants.map(({ label, reached, successes, positive }) => ({ label, reached, successes, positive }))).toEqual([
    { label: "A", reached: 220, successes: 18, positive: 7 },
    { label: "B", reached: 230, successes: 34, positive: 15 },
  ]);
  expect(thanks!.verdict.kind).toBe("winner");
  expect(thanks!.verdict.text).toMatch(/^B is likely better \(\d+% chance to be best\); expected loss of choosing it [\d.]+ points$/);
  expect(experiments.settings).toEqual({ autoPromote: false, threshold: 0.95, minLeadsPerVariant: 100 });
});
