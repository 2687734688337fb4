import { dataEnvelope } from "../../../schemas/common";
import { ZAnalyticsBreakdown, ZAnalyticsBreakdownQuery } from "../../../schemas/analytics";
import { defineOperation } from "../../../http/api-operation";
import { ANALYTICS_COUNTING } from "./counting";

export const getAnalyticsBreakdownOperation = defineOperation({
  operationId: "getAnalyticsBreakdown",
  method: "get",
  path: "/analytics/breakdown",
  summary: "Outcomes of a period by campaign, sender, mailbox, step or variant",
  description: [
    "Beyond the spec. The period's figures per campaign, per LinkedIn sender or per mailbox the leads are assigned to (most leads contacted first), or per step or per A/B variant of one campaign (`campaignId` needed; in the sequence's order). A step's or variant's row counts the leads of the period that step (that variant) reached, and what they did since.",
    ANALYTICS_COUNTING,
  ].join("\n\n"),
  tags: ["Analytics"],
  query: ZAnalyticsBreakdownQuery,
  response: dataEnvelope(ZAnalyticsBreakdown),
  errors: ["not-found"],
  acceptsWorkspaceHeader: true,
});
