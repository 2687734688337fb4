import { z } from "zod";
import { ZAnalyticsExportQuery } from "../../../schemas/analytics";
import { defineOperation } from "../../../http/api-operation";

export const exportAnalyticsOperation = defineOperation({
  operationId: "exportAnalytics",
  method: "get",
  path: "/analytics/export",
  summary: "The outcomes of a period as CSV",
  description:
    "Beyond the spec. A CSV file (RFC 4180, UTF-8, a header line) with every figure and rate (in percent, one decimal; empty when nothing could count) per day or week of the period (`by=day`), or per campaign, sender, mailbox, step or variant as GET /analytics/breakdown gives them. A cell that a spreadsheet would read as a formula starts with an apostrophe.",
  tags: ["Analytics"],
  query: ZAnalyticsExportQuery,
  response: z.string().meta({ description: "The CSV text" }),
  responseMediaType: "text/csv",
  errors: ["not-found"],
  acceptsWorkspaceHeader: true,
});
