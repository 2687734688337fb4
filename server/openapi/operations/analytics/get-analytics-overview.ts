import { dataEnvelope } from "../../../schemas/common";
import { ZAnalyticsFilter, ZAnalyticsOverview } from "../../../schemas/analytics";
import { defineOperation } from "../../../http/api-operation";
import { ANALYTICS_COUNTING } from "./counting";

export const getAnalyticsOverviewOperation = defineOperation({
  operationId: "getAnalyticsOverview",
  method: "get",
  path: "/analytics/overview",
  summary: "Outcomes of a period",
  description: [
    "Beyond the spec: the dashboard's home. The workspace's campaign outcomes for a period (the last 7, 30 or 90 days, or `from`–`to`), the same figures for the period of the same length just before, and a series per day (up to 31 days) or per week for the charts. Narrow it with `campaignId`, `senderId` or `mailboxId`.",
    ANALYTICS_COUNTING,
  ].join("\n\n"),
  tags: ["Analytics"],
  query: ZAnalyticsFilter,
  response: dataEnvelope(ZAnalyticsOverview),
  errors: ["not-found"],
  acceptsWorkspaceHeader: true,
});
