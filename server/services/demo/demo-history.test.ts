// The demo's history: on first start the Analytics home shows twelve weeks of outcomes, counted as
// the figures say (replies by people, each lead once), and the message step's A/B test has leads on
// both variants, B answering more.
import { afterEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { getAnalyticsBreakdown } from "../analytics/get-analytics-breakdown";
import { getAnalyticsOverview } from "../analytics/get-analytics-overview";
import { journalStepSums, stepOutcomeSums } from "../analytics/step-outcome-sums";
import { resolvePeriod } from "../../domain/analytics/period";
import { seedDemoWorkspace } from "./seed-demo-workspace";

afterEach(() => setClock(systemClock));

it("shows twelve weeks of outcomes on first start, and a two-variant test B wins", async () => {
  setClock(new ManualClock("2026-09-15T08:00:00Z"));
  const demo = await seedDemoWorkspace();
  const owner = await db.membership.findFirstOrThrow({ where: { workspaceId: demo.workspaceId, role: "owner" } });
  const actor = { userId: owner.userId, workspaceId: demo.workspaceId, role: "owner" as const, canManageBilling: true };
  expect(demo.historyCampaignId).not.toBeNull();

  const quarter = await getAnalyticsOverview(actor, { period: "90d" });
  expect(quarter.counts.contacted).toBe(600);
  const leads = await db.campaignLead.findMany({ where: { campaignId: demo.historyCampaignId! } });
  // Independent of the rollup: the leads' own columns.
  expect(quarter.counts.replied).toBe(leads.filter((lead) => lead.lastReplyAt || lead.emailRepliedAt).length);
  expect(quarter.counts.accepted).toBe(leads.filter((lead) => lead.invitationAccepted).length);
  expect(quarter.counts.replied).toBeGreaterThan(20);
  expect(quarter.counts.positive).toBeGreaterThan(0);
  expect(quarter.counts.outcomes).toBeGreaterThan(0);
  expect(quarter.counts.bounced).toBeGreaterThan(0);
  expect(leads.every((lead) => lead.finishedAt && lead.finishedAt.getTime() <= Date.parse("2026-09-15T08:00:00Z"))).toBe(true);
  // The last 30 days hold fewer leads than the quarter, and the period before them some.
  const month = await getAnalyticsOverview(actor, { period: "30d" });
  expect(month.counts.contacted).toBeGreaterThan(0);
  expect(month.counts.contacted).toBeLessThan(600);
  expect(month.previous.counts.contacted).toBeGreaterThan(0);

  const variants = await getAnalyticsBreakdown(actor, { by: "variant", period: "90d", campaignId: demo.historyCampaignId! });
  const thanks = variants.rows.filter((row) => row.stepId === "thanks");
  expect(thanks.map((row) => row.name)).toEqual(["#2 Message · A", "#2 Message · B"]);
  expect(thanks.every((row) => row.counts.contacted > 80)).toBe(true);
  expect(thanks[1]!.rates.replyRate!).toBeGreaterThan(thanks[0]!.rates.replyRate!);

  // A second start adds nothing.
  await seedDemoWorkspace();
  expect(await db.campaign.count({ where: { workspaceId: demo.workspaceId } })).toBe(3);
});

it("counts steps and variants from their rollup as the journal does", async () => {
  setClock(new ManualClock("2026-09-15T08:00:00Z"));
  const demo = await seedDemoWorkspace();
  // Seeded by the test above when the files share a database, else now.
  const history = await db.campaign.findFirstOrThrow({ where: { workspaceId: demo.workspaceId, name: "Sample: last quarter's outreach" } });
  const scope = { workspaceId: demo.workspaceId, campaignId: history.id, period: resolvePeriod({ period: "90d" }, new Date("2026-09-15T08:00:00Z")) };
  const sorted = (rows: Awaited<ReturnType<typeof journalStepSums>>) => [...rows].sort((a, b) => `${a.stepId}:${a.variantId}`.localeCompare(`${b.stepId}:${b.variantId}`));
  const fromRollup = sorted(await stepOutcomeSums(scope));
  expect(fromRollup.length).toBeGreaterThanOrEqual(4);
  expect(fromRollup).toEqual(sorted(await journalStepSums(scope)));
  // A bounce reached its lead: the e-mail step's failed entries count only with a bounce.
  expect(fromRollup.find((row) => row.stepId === "mail")!.bounced).toBeGreaterThan(0);
});
