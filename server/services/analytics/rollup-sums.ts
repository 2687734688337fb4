// Sums of the analytics' rollup (CampaignDailyOutcome) over a scope, grouped by day, campaign,
// sender or mailbox: a few rows per campaign and day, however many leads and actions lie behind them.
import { db } from "../../db/client";
import { COUNT_KEYS, type Counts } from "../../domain/analytics/metrics";
import { dayOf } from "../../domain/analytics/period";
import { scopeConditions, type AnalyticsScope } from "./analytics-scope";

export type RollupGroup = "day" | "campaign" | "sender" | "mailbox";

const GROUP_COLUMN: Record<RollupGroup, string> = {
  // Grouped by the date itself and named once per group (YYYY-MM-DD) below, not formatted per row.
  day: `r.day`,
  campaign: `r."campaignId"`,
  sender: `r."linkedinAccountId"`,
  mailbox: `r."emailAccountId"`,
};

const SUMS = COUNT_KEYS.map((key) => `coalesce(sum(r."${key}"), 0)::int AS "${key}"`).join(", ");

export async function rollupSums(scope: AnalyticsScope, group: RollupGroup, range: { from: string; to: string }): Promise<Array<Counts & { key: string }>> {
  const values: unknown[] = [];
  const where = scopeConditions(scope, { alias: "r", day: "r.day", dayKind: "date", sender: `r."linkedinAccountId"`, mailbox: `r."emailAccountId"` }, range, values);
  const rows = await db.$queryRawUnsafe<Array<Counts & { key: string | Date }>>(
    `SELECT ${GROUP_COLUMN[group]} AS key, ${SUMS} FROM "CampaignDailyOutcome" r WHERE ${where} GROUP BY 1 ORDER BY 1`,
    ...values,
  );
  return rows.map((row) => ({ ...row, key: row.key instanceof Date ? dayOf(row.key) : row.key }));
}
