// The analytics view lives in the address (?period=7d&campaignId=…&by=step), so that a view can be
// shared, a reload keeps it and Back returns to the one before. These pure functions turn the
// address into a view, a view into the procedures' input, and back.
import { MAX_PERIOD_DAYS } from "@/server/schemas/analytics-figures";
import type { CountKey } from "@/server/schemas/analytics-figures";
import { ANALYTICS_BREAKDOWNS, ANALYTICS_METRICS, type TAnalyticsFilter, type TAnalyticsLeadsQuery } from "@/server/schemas/analytics";

export type PeriodChoice = "7d" | "30d" | "90d" | "custom";
export type Breakdown = (typeof ANALYTICS_BREAKDOWNS)[number];

export interface AnalyticsView {
  period: PeriodChoice;
  /** The custom period's first and last day (YYYY-MM-DD); "" for a preset. */
  from: string;
  to: string;
  campaignId: string;
  senderId: string;
  mailboxId: string;
  by: Breakdown;
}

export const DEFAULT_VIEW: AnalyticsView = { period: "30d", from: "", to: "", campaignId: "", senderId: "", mailboxId: "", by: "campaign" };

const PRESETS = ["7d", "30d", "90d"] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: string): boolean {
  return DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

/** Why a custom period cannot be shown, in words; null when it can. */
export function customPeriodProblem(from: string, to: string): string | null {
  if (!from || !to) return "Choose a first and a last day.";
  if (!isDay(from) || !isDay(to)) return "Choose the days from the calendar.";
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days < 1) return "The last day comes before the first.";
  if (days > MAX_PERIOD_DAYS) return `A period is at most ${MAX_PERIOD_DAYS} days.`;
  return null;
}

function id(params: Pick<URLSearchParams, "get">, name: string): string {
  return params.get(name)?.trim() ?? "";
}

/** The view an address asks for; anything unknown or invalid falls back to the default. */
export function viewFromParams(params: Pick<URLSearchParams, "get">): AnalyticsView {
  const from = id(params, "from");
  const to = id(params, "to");
  const custom = (from || to) && customPeriodProblem(from, to) === null;
  const preset = PRESETS.find((value) => value === params.get("period")) ?? "30d";
  const campaignId = id(params, "campaignId");
  const by = ANALYTICS_BREAKDOWNS.find((value) => value === params.get("by")) ?? "campaign";
  return {
    period: custom ? "custom" : preset,
    from: custom ? from : "",
    to: custom ? to : "",
    campaignId,
    senderId: id(params, "senderId"),
    mailboxId: id(params, "mailboxId"),
    by,
  };
}

/** Steps and variants are of one campaign: without one, their tab says to choose it. */
export function breakdownNeedsCampaign(view: AnalyticsView): boolean {
  return (view.by === "step" || view.by === "variant") && !view.campaignId;
}

/** The address's parameters for a view: only what differs from the default. */
export function viewParams(view: AnalyticsView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.period === "custom") {
    params.set("from", view.from);
    params.set("to", view.to);
  } else if (view.period !== DEFAULT_VIEW.period) {
    params.set("period", view.period);
  }
  if (view.campaignId) params.set("campaignId", view.campaignId);
  if (view.senderId) params.set("senderId", view.senderId);
  if (view.mailboxId) params.set("mailboxId", view.mailboxId);
  if (view.by !== DEFAULT_VIEW.by) params.set("by", view.by);
  return params;
}

export function analyticsHref(view: AnalyticsView): string {
  const query = viewParams(view).toString();
  return query ? `/analytics?${query}` : "/analytics";
}

/** The period and filters as the analytics procedures take them. */
export function filterOf(view: AnalyticsView): TAnalyticsFilter {
  const filter: TAnalyticsFilter = view.period === "custom" ? { from: view.from, to: view.to } : { period: view.period };
  if (view.campaignId) filter.campaignId = view.campaignId;
  if (view.senderId) filter.senderId = view.senderId;
  if (view.mailboxId) filter.mailboxId = view.mailboxId;
  return filter;
}

/** A row of a breakdown, as far as the leads behind its numbers need it. */
export interface BreakdownScope {
  by: Breakdown;
  key: string;
  name: string;
  campaignId: string | null;
  stepId: string | null;
  variantId: string | null;
  /** A sender or mailbox no longer in the workspace: no filter can name it. */
  removed?: boolean;
}

/**
 * The page listing the leads behind a number: of the whole view, or of one breakdown row (its
 * campaign, sender, mailbox, step or variant narrowing the view). Null for a row that no filter can
 * single out (the leads without a sender or mailbox).
 */
export function leadsHref(view: AnalyticsView, metric: CountKey, row?: BreakdownScope): string | null {
  const params = viewParams({ ...view, by: DEFAULT_VIEW.by });
  params.set("metric", metric);
  if (row) {
    if (!row.key || row.removed) return null;
    if (row.by === "campaign") params.set("campaignId", row.key);
    if (row.by === "sender") params.set("senderId", row.key);
    if (row.by === "mailbox") params.set("mailboxId", row.key);
    if (row.by === "step" || row.by === "variant") {
      if (!row.campaignId || !row.stepId) return null;
      params.set("campaignId", row.campaignId);
      params.set("stepId", row.stepId);
      if (row.by === "variant") {
        if (!row.variantId) return null;
        params.set("variantId", row.variantId);
      }
    }
    params.set("of", row.name);
  }
  return `/analytics/leads?${params.toString()}`;
}

export interface LeadsView {
  view: AnalyticsView;
  metric: CountKey;
  stepId: string;
  variantId: string;
  /** What the number was of, in words (a campaign's, sender's or step's name), for the heading. */
  of: string;
}

/** The leads page's address read back; null without a known figure. */
export function leadsViewFromParams(params: Pick<URLSearchParams, "get">): LeadsView | null {
  const metric = ANALYTICS_METRICS.find((value) => value === params.get("metric"));
  if (!metric) return null;
  const view = viewFromParams(params);
  const stepId = view.campaignId ? id(params, "stepId") : "";
  return { view, metric, stepId, variantId: stepId ? id(params, "variantId") : "", of: params.get("of")?.trim() ?? "" };
}

/** The leads procedure's input for a leads view and a page. */
export function leadsQuery(leads: LeadsView, paging: { limit: number; offset: number }): TAnalyticsLeadsQuery {
  const query: TAnalyticsLeadsQuery = { ...filterOf(leads.view), ...paging, metric: leads.metric };
  if (leads.stepId) query.stepId = leads.stepId;
  if (leads.variantId) query.variantId = leads.variantId;
  return query;
}

/** The CSV file's name: herald-analytics-<from>-<to>.csv. */
export function exportFileName(period: { from: string; to: string }): string {
  return `herald-analytics-${period.from}-${period.to}.csv`;
}
