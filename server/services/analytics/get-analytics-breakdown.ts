// The period's figures broken down by campaign, sender or mailbox (from the rollup), or by step or
// A/B variant of one campaign (from its journal), each row with its rates and its human name.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import { parseInput } from "../../lib/zod-issues";
import { addCounts, emptyCounts, ratesOf, type Counts } from "../../domain/analytics/metrics";
import { stepLabel } from "../../domain/sequence/step-label";
import { ZAnalyticsBreakdownQuery, type TAnalyticsBreakdown, type TAnalyticsBreakdownQuery, type TAnalyticsBreakdownRow } from "../../schemas/analytics";
import { readSequence } from "../campaigns/campaign-columns";
import { analyticsScope } from "./analytics-scope";
import { rollupSums } from "./rollup-sums";
import { stepOutcomeSums } from "./step-outcome-sums";

type Row = Omit<TAnalyticsBreakdownRow, "rates">;

export async function getAnalyticsBreakdown(actor: Actor, input: TAnalyticsBreakdownQuery): Promise<TAnalyticsBreakdown> {
  const query = parseInput(ZAnalyticsBreakdownQuery, input);
  const scope = await analyticsScope(actor, query);
  const { period } = scope;
  let rows: Row[];
  if (query.by === "step" || query.by === "variant") {
    if (!scope.campaignId) {
      throw HeraldError.invalidInput(`A breakdown by ${query.by} is of one campaign: choose the campaign`, [{ field: "campaignId", message: `needed to break down by ${query.by}` }]);
    }
    rows = await stepRows({ ...scope, campaignId: scope.campaignId }, query.by);
  } else {
    const sums = await rollupSums(scope, query.by, period);
    const names = await namesOf(actor.workspaceId, query.by, sums.map((row) => row.key));
    rows = sums.map(({ key, ...counts }) => ({
      key,
      name: names.get(key) ?? (key === "" ? (query.by === "sender" ? "No sender" : "No mailbox") : query.by === "sender" ? "A removed sender" : "A removed mailbox"),
      removed: key !== "" && !names.has(key),
      campaignId: query.by === "campaign" ? key : null,
      stepId: null,
      variantId: null,
      counts,
    }));
    rows.sort((a, b) => b.counts.contacted - a.counts.contacted || a.name.localeCompare(b.name));
  }
  return {
    by: query.by,
    period: { from: period.from, to: period.to, days: period.days, bucket: period.bucket },
    rows: rows.map((row) => ({ ...row, rates: ratesOf(row.counts) })),
  };
}

async function namesOf(workspaceId: string, by: "campaign" | "sender" | "mailbox", ids: string[]): Promise<Map<string, string>> {
  const known = ids.filter(Boolean);
  if (by === "campaign") {
    const campaigns = await db.campaign.findMany({ where: { workspaceId, id: { in: known } }, select: { id: true, name: true } });
    return new Map(campaigns.map((campaign) => [campaign.id, campaign.name]));
  }
  if (by === "sender") {
    const senders = await db.linkedinAccount.findMany({ where: { workspaceId, id: { in: known } }, select: { id: true, label: true } });
    return new Map(senders.map((sender) => [sender.id, sender.label]));
  }
  const mailboxes = await db.mailbox.findMany({ where: { workspaceId, id: { in: known } }, select: { id: true, email: true } });
  return new Map(mailboxes.map((mailbox) => [mailbox.id, mailbox.email]));
}

/** The campaign's steps in the sequence's order (steps no longer in it last), or their variants A, B… */
async function stepRows(scope: Parameters<typeof stepOutcomeSums>[0], by: "step" | "variant"): Promise<Row[]> {
  const [campaign, sums] = await Promise.all([
    db.campaign.findUniqueOrThrow({ where: { id: scope.campaignId }, select: { sequence: true } }),
    stepOutcomeSums(scope),
  ]);
  const steps = readSequence(campaign.sequence).steps;
  const order = (stepId: string) => {
    const index = steps.findIndex((step) => step.id === stepId);
    return index < 0 ? steps.length : index;
  };
  const typeOf = (stepId: string) => steps.find((step) => step.id === stepId)?.type ?? "step";
  if (by === "step") {
    const perStep = new Map<string, Counts>();
    for (const { stepId, variantId: _variant, ...counts } of sums) addCounts(perStep.get(stepId) ?? perStep.set(stepId, emptyCounts()).get(stepId)!, counts);
    return [...perStep]
      .sort(([a], [b]) => order(a) - order(b))
      .map(([stepId, counts]) => ({ key: stepId, name: stepLabel(steps, stepId, typeOf(stepId)), campaignId: scope.campaignId, stepId, variantId: null, removed: false, counts }));
  }
  return sums
    .filter((row) => row.variantId !== null)
    .map(({ stepId, variantId, ...counts }) => {
      const variants = steps.find((step) => step.id === stepId)?.config.variants ?? [];
      const index = variants.findIndex((variant) => variant.id === variantId);
      const letter = index >= 0 ? String.fromCharCode(65 + index) : "removed variant";
      return { key: `${stepId}:${variantId}`, name: `${stepLabel(steps, stepId, typeOf(stepId))} · ${letter}`, campaignId: scope.campaignId, stepId, variantId, removed: false, counts, index };
    })
    .sort((a, b) => order(a.stepId) - order(b.stepId) || a.index - b.index)
    .map(({ index: _index, ...row }) => row);
}
