// A campaign's leads of a period by the step and the A/B variant that reached them, with what they
// did since: from the rollup CampaignStepOutcome (kept by the leads' trigger), or, narrowed to a
// sender or a mailbox (which the rollup does not keep), from the executor's journal through its
// campaign index. Both count alike; the analytics tests hold them equal.
import { db } from "../../db/client";
import { COUNT_KEYS, type Counts } from "../../domain/analytics/metrics";
import { scopeConditions, type AnalyticsScope } from "./analytics-scope";

const SUMS = [
  `count(*)::int AS contacted`,
  `count(cl."invitationSentAt")::int AS invited`,
  `count(*) FILTER (WHERE cl."invitationAccepted" AND cl."invitationSentAt" IS NOT NULL)::int AS accepted`,
  `count(cl."messageSentAt")::int AS messaged`,
  `count(cl."emailSentAt")::int AS emailed`,
  `count(cl."repliedAt")::int AS replied`,
  `count(*) FILTER (WHERE cl.interest = 'interested' AND cl."repliedAt" IS NOT NULL)::int AS positive`,
  `count(cl.outcome)::int AS outcomes`,
  `count(cl."emailBouncedAt")::int AS bounced`,
  `count(cl."complainedAt")::int AS complained`,
  `count(cl."unsubscribedAt")::int AS unsubscribed`,
];
if (SUMS.length !== COUNT_KEYS.length) throw new Error("step-outcome-sums: every figure needs its sum");

/**
 * A step reached a lead when it was done, or when its e-mail left and bounced (the bounce failed the
 * lead on the step, but the e-mail reached the lead's server), as the campaign's funnel counts it.
 */
export const REACHED = `(j.status = 'done' OR (j.status = 'failed' AND j."stepType" = 'email' AND cl."emailBouncedAt" IS NOT NULL))`;

type StepSums = Array<Counts & { stepId: string; variantId: string | null }>;

const ROLLUP_SUMS = COUNT_KEYS.map((key) => `coalesce(sum(s."${key === "contacted" ? "reached" : key}"), 0)::int AS "${key}"`).join(", ");

export async function stepOutcomeSums(scope: AnalyticsScope & { campaignId: string }): Promise<StepSums> {
  if (scope.senderId || scope.mailboxId) return journalStepSums(scope);
  const rows = await db.$queryRawUnsafe<StepSums>(
    `SELECT s."stepId", s."variantId", ${ROLLUP_SUMS} FROM "CampaignStepOutcome" s
      WHERE s."campaignId" = $1 AND s.day BETWEEN $2::date AND $3::date GROUP BY 1, 2`,
    scope.campaignId,
    scope.period.from,
    scope.period.to,
  );
  return rows.filter((row) => row.contacted !== 0).map((row) => ({ ...row, variantId: row.variantId === "" ? null : row.variantId }));
}

export async function journalStepSums(scope: AnalyticsScope & { campaignId: string }): Promise<StepSums> {
  const values: unknown[] = [];
  const where = scopeConditions(
    scope,
    { alias: "cl", day: `cl."contactedAt"`, dayKind: "timestamp", sender: `cl."linkedinAccountId"`, mailbox: `cl."emailAccountId"` },
    scope.period,
    values,
  );
  values.push(scope.campaignId);
  return db.$queryRawUnsafe(
    `SELECT j."stepId", j."variantId", ${SUMS.join(", ")}
       FROM "CampaignLeadStep" j JOIN "CampaignLead" cl ON cl.id = j."campaignLeadId"
      WHERE j."campaignId" = $${values.length} AND ${REACHED} AND ${where}
      GROUP BY 1, 2`,
    ...values,
  );
}
