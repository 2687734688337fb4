import { ZAnalyticsBreakdownQuery, ZAnalyticsExportQuery, ZAnalyticsFilter, ZAnalyticsLeadsQuery } from "../../schemas/analytics";
import { exportAnalyticsCsv } from "../../services/analytics/export-analytics-csv";
import { getAnalyticsBreakdown } from "../../services/analytics/get-analytics-breakdown";
import { getAnalyticsOverview } from "../../services/analytics/get-analytics-overview";
import { listAnalyticsLeads } from "../../services/analytics/list-analytics-leads";
import { router, workspaceProcedure } from "../init";

export const analyticsRouter = router({
  overview: workspaceProcedure.input(ZAnalyticsFilter).query(({ ctx, input }) => getAnalyticsOverview(ctx.actor, input)),
  breakdown: workspaceProcedure.input(ZAnalyticsBreakdownQuery).query(({ ctx, input }) => getAnalyticsBreakdown(ctx.actor, input)),
  leads: workspaceProcedure.input(ZAnalyticsLeadsQuery).query(({ ctx, input }) => listAnalyticsLeads(ctx.actor, input)),
  exportCsv: workspaceProcedure.input(ZAnalyticsExportQuery).query(({ ctx, input }) => exportAnalyticsCsv(ctx.actor, input)),
});
