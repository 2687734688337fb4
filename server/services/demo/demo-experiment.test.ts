// The demo's history gives the A/B test of its thank-you message a verdict in words on first start,
// through the experiments read the Experiments panel shows.
import { afterEach, expect, it } from "vitest";
import { db } from "../../db/client";
import { ManualClock, setClock, systemClock } from "../../lib/clock";
import { getCampaignExperiments } from "../campaigns/experiments/get-campaign-experiments";
import { seedDemoWorkspace } from "./seed-demo-workspace";

afterEach(() => setClock(systemClock));

it("seeds a finished two-variant test whose experiment read names B as likely better, in words", async () => {
  setClock(new ManualClock("2026-10-05T09:00:00Z"));
  const demo = await seedDemoWorkspace();
  const campaign = await db.campaign.findFirstOrThrow({ where: { workspaceId: demo.workspaceId, name: "Sample: last quarter's outreach" } });
  expect(campaign).toMatchObject({ status: "paused", finishedAt: expect.any(Date) });
  // Every lead is at rest: activating the sample sends nothing.
  expect(await db.campaignLead.count({ where: { campaignId: campaign.id, status: { in: ["pending", "running", "paused"] } } })).toBe(0);

  const owner = await db.membership.findFirstOrThrow({ where: { workspaceId: demo.workspaceId, role: "owner" } });
  const actor = { userId: owner.userId, workspaceId: demo.workspaceId, role: "owner" as const, canManageBilling: true };
  const experiments = await getCampaignExperiments(actor, campaign.id);
  expect(experiments.steps).toHaveLength(1);
  const [thanks] = experiments.steps;
  expect(thanks).toMatchObject({ stepId: "thanks", label: "#2 Message", metric: "reply", promotedVariantId: null });
  const [a, b] = thanks!.variants;
  expect([a!.label, b!.label]).toEqual(["A", "B"]);
  expect(a!.reached + b!.reached).toBe(await db.campaignLead.count({ where: { campaignId: campaign.id, messageSentAt: { not: null } } }));
  expect(a!.reached).toBeGreaterThan(80);
  expect(b!.reached).toBeGreaterThan(80);
  // The seeded rates are met exactly: 9% and 20% of each variant's leads.
  expect(a!.successes).toBe(Math.floor(a!.reached * 0.09));
  expect(b!.successes).toBe(Math.floor(b!.reached * 0.2));
  expect(thanks!.verdict.kind).toBe("winner");
  expect(thanks!.verdict.text).toMatch(/^B is likely better \(\d+% chance to be best\); expected loss of choosing it [\d.]+ points$/);
  expect(experiments.settings).toEqual({ autoPromote: false, threshold: 0.95, minLeadsPerVariant: 100 });
});
