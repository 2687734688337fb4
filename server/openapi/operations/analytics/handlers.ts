// The handlers of the analytics operations, beside their operations in this folder (registry.ts lists them).
import { apiHandler } from "../../../http/api-handler";
import { exportAnalyticsCsv } from "../../../services/analytics/export-analytics-csv";
import { getAnalyticsBreakdown } from "../../../services/analytics/get-analytics-breakdown";
import { getAnalyticsOverview } from "../../../services/analytics/get-analytics-overview";
import { listAnalyticsLeads } from "../../../services/analytics/list-analytics-leads";
import { exportAnalyticsOperation } from "./export-analytics";
import { getAnalyticsBreakdownOperation } from "./get-analytics-breakdown";
import { getAnalyticsOverviewOperation } from "./get-analytics-overview";
import { listAnalyticsLeadsOperation } from "./list-analytics-leads";

export const analyticsHandlers = [
  // GET /api/v1/analytics/overview – a period's outcomes beside the period before, with a series
  apiHandler(getAnalyticsOverviewOperation, async ({ actor, query }) => ({ data: await getAnalyticsOverview(actor, query) })),
  // GET /api/v1/analytics/breakdown – the same by campaign, sender, mailbox, step or variant
  apiHandler(getAnalyticsBreakdownOperation, async ({ actor, query }) => ({ data: await getAnalyticsBreakdown(actor, query) })),
  // GET /api/v1/analytics/leads – the leads behind a figure
  apiHandler(listAnalyticsLeadsOperation, async ({ actor, query }) => listAnalyticsLeads(actor, query)),
  // GET /api/v1/analytics/export – CSV
  apiHandler(exportAnalyticsOperation, async ({ actor, query }) => exportAnalyticsCsv(actor, query)),
];
