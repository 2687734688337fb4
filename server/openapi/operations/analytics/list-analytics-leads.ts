import { ZAnalyticsLeads, ZAnalyticsLeadsQuery } from "../../../schemas/analytics";
import { defineOperation } from "../../../http/api-operation";

export const listAnalyticsLeadsOperation = defineOperation({
  operationId: "listAnalyticsLeads",
  method: "get",
  path: "/analytics/leads",
  summary: "The leads behind a figure",
  description:
    "Beyond the spec. The campaign leads a figure of GET /analytics/overview or /analytics/breakdown counted (`metric`, e.g. `replied`), with the same period and filters, plus `stepId` and `variantId` for a step's or a variant's row; newest contact first. `paging.total` equals the figure.",
  tags: ["Analytics"],
  query: ZAnalyticsLeadsQuery,
  response: ZAnalyticsLeads,
  errors: ["not-found"],
  acceptsWorkspaceHeader: true,
});
