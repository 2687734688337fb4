// The analytics' shapes: the outcomes of a period (GET /analytics/overview), a breakdown of them
// (GET /analytics/breakdown), the leads behind a figure (GET /analytics/leads) and the CSV export.
// One schema per shape, for REST, tRPC and the OpenAPI document; the definitions of the figures
// live in server/domain/analytics/metrics.ts and are written into the descriptions.
import { z } from "zod";
import { COUNT_DEFINITIONS, COUNT_KEYS, MAX_PERIOD_DAYS, RATE_DEFINITIONS, RATE_KEYS } from "./analytics-figures";
import { ZPaginationQuery, ZPagingWithTotal, ZTimestamp } from "./common";

const ZDay = z.iso.date().meta({ description: "A UTC day, YYYY-MM-DD", example: "2026-12-01" });

function figuresShape<K extends string, T extends z.ZodType>(keys: readonly K[], schema: (key: K) => T): Record<K, T> {
  const shape = {} as Record<K, T>;
  for (const key of keys) shape[key] = schema(key);
  return shape;
}

export const ZCounts = z
  .object(figuresShape(COUNT_KEYS, (key) => z.number().int().meta({ description: `${COUNT_DEFINITIONS[key].label}: ${COUNT_DEFINITIONS[key].definition}` })))
  .meta({ id: "AnalyticsCounts" });

export const ZRates = z
  .object(
    figuresShape(RATE_KEYS, (key) =>
      z.number().nullable().meta({ description: `${RATE_DEFINITIONS[key].label}: ${RATE_DEFINITIONS[key].definition} From 0 to 1; null when no lead could count.` }),
    ),
  )
  .meta({ id: "AnalyticsRates" });

export const ANALYTICS_BREAKDOWNS = ["campaign", "sender", "mailbox", "step", "variant"] as const;
export const ANALYTICS_METRICS = COUNT_KEYS;

/** The period and the filters every analytics read takes. */
const ZAnalyticsFilterFields = z.object({
  period: z.enum(["7d", "30d", "90d"]).optional().meta({ description: "The last 7, 30 or 90 days, today included (UTC). Default 30d; ignored when from and to are given" }),
  from: ZDay.optional().meta({ description: "First day of a custom period (with to)" }),
  to: ZDay.optional().meta({ description: "Last day of a custom period, included (with from)" }),
  campaignId: z.string().min(1).optional().meta({ description: "Only this campaign" }),
  senderId: z.string().min(1).optional().meta({ description: "Only leads assigned to this LinkedIn sender" }),
  mailboxId: z.string().min(1).optional().meta({ description: "Only leads assigned to this mailbox" }),
});

function checkPeriod(value: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (Boolean(value.from) !== Boolean(value.to)) {
    ctx.addIssue({ code: "custom", path: [value.from ? "to" : "from"], message: "a custom period needs both from and to" });
    return;
  }
  if (value.from && value.to) {
    const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 + 1;
    if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "must be on or after from" });
    else if (days > MAX_PERIOD_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: `a period is at most ${MAX_PERIOD_DAYS} days` });
  }
}

export const ZAnalyticsFilter = ZAnalyticsFilterFields.superRefine(checkPeriod);
export type TAnalyticsFilter = z.infer<typeof ZAnalyticsFilter>;

const ZPeriod = z.object({ from: ZDay, to: ZDay, days: z.number().int(), bucket: z.enum(["day", "week"]) });

export const ZAnalyticsOverview = z
  .object({
    period: ZPeriod.extend({ previous: z.object({ from: ZDay, to: ZDay }) }),
    counts: ZCounts,
    rates: ZRates,
    previous: z.object({ counts: ZCounts, rates: ZRates }).meta({ description: "The same figures for the period of the same length just before" }),
    series: z
      .array(z.object({ start: ZDay, counts: ZCounts, rates: ZRates }))
      .meta({ description: "The figures per day (periods up to 31 days) or per week, by the day the leads were first contacted" }),
    definitions: z.array(z.object({ key: z.string(), label: z.string(), definition: z.string() })).meta({ description: "How each figure and rate is counted" }),
  })
  .meta({ id: "AnalyticsOverview" });
export type TAnalyticsOverview = z.infer<typeof ZAnalyticsOverview>;

export const ZAnalyticsBreakdownQuery = ZAnalyticsFilterFields.extend({
  by: z.enum(ANALYTICS_BREAKDOWNS).meta({ description: "campaign, sender, mailbox; step and variant need campaignId" }),
}).superRefine(checkPeriod);
export type TAnalyticsBreakdownQuery = z.infer<typeof ZAnalyticsBreakdownQuery>;

export const ZAnalyticsBreakdownRow = z
  .object({
    key: z.string().meta({ description: "The campaign's, sender's or mailbox's id, the step's id, or `stepId:variantId`; \"\" for leads without a sender or mailbox" }),
    name: z.string().meta({ description: "What the dashboard calls it: the campaign's name, the sender's, the mailbox's address, 'Step 2 · Message', 'Step 2 · Message · B'" }),
    campaignId: z.string().nullable(),
    stepId: z.string().nullable(),
    variantId: z.string().nullable(),
    removed: z.boolean().meta({ description: "The sender or mailbox no longer exists in the workspace: its leads cannot be listed by it (GET /analytics/leads answers 404 for its id)" }),
    counts: ZCounts,
    rates: ZRates,
  })
  .meta({ id: "AnalyticsBreakdownRow" });
export type TAnalyticsBreakdownRow = z.infer<typeof ZAnalyticsBreakdownRow>;

export const ZAnalyticsBreakdown = z
  .object({ by: z.enum(ANALYTICS_BREAKDOWNS), period: ZPeriod, rows: z.array(ZAnalyticsBreakdownRow) })
  .meta({ id: "AnalyticsBreakdown" });
export type TAnalyticsBreakdown = z.infer<typeof ZAnalyticsBreakdown>;

export const ZAnalyticsLeadsQuery = ZPaginationQuery.extend(ZAnalyticsFilterFields.shape).extend({
  metric: z.enum(ANALYTICS_METRICS).meta({ description: "The figure whose leads to list, e.g. replied" }),
  stepId: z.string().min(1).optional().meta({ description: "Only leads this step reached (with campaignId)" }),
  variantId: z.string().min(1).optional().meta({ description: "Only leads given this variant of the step (with stepId)" }),
}).superRefine(checkPeriod);
export type TAnalyticsLeadsQuery = z.infer<typeof ZAnalyticsLeadsQuery>;

export const ZAnalyticsLead = z
  .object({
    campaignLeadId: z.string(),
    leadId: z.string(),
    name: z.string(),
    company: z.string().nullable(),
    campaignId: z.string(),
    campaignName: z.string(),
    status: z.string(),
    contactedAt: ZTimestamp,
    repliedAt: ZTimestamp.nullable(),
    interest: z.string().nullable(),
    outcome: z.string().nullable(),
  })
  .meta({ id: "AnalyticsLead" });
export type TAnalyticsLead = z.infer<typeof ZAnalyticsLead>;

export const ZAnalyticsLeads = z.object({ data: z.array(ZAnalyticsLead), paging: ZPagingWithTotal });
export type TAnalyticsLeads = z.infer<typeof ZAnalyticsLeads>;

export const ZAnalyticsExportQuery = ZAnalyticsFilterFields.extend({
  by: z.enum(["day", ...ANALYTICS_BREAKDOWNS]).default("day").meta({ description: "day (the period's series), campaign, sender, mailbox; step and variant need campaignId. Default day" }),
}).superRefine(checkPeriod);
export type TAnalyticsExportQuery = z.infer<typeof ZAnalyticsExportQuery>;
