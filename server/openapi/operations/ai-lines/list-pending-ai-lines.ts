import { ZListAiLinesQuery, ZPendingAiLineList } from "../../../schemas/ai-lines";
import { defineOperation } from "../../../http/api-operation";
import { AI_LINE_STATUSES_IN_WORDS, BEYOND_THE_SPEC_AI_LINES } from "./shared";

export const listPendingAiLinesOperation = defineOperation({
  operationId: "listPendingAiLines",
  method: "get",
  path: "/pending-ai-lines",
  summary: "List AI lines waiting for approval",
  description: [
    `${BEYOND_THE_SPEC_AI_LINES} The Approvals queue's AI lines, oldest first, each with the lead's card, the campaign's name, the step in words, the prompt and the line. Only steps with \`aiApproval: "required"\` put lines here.`,
    "Filters: `status` (default `pending-approval`), `campaignId`. Paged by `limit` and `offset`; `paging.total` counts the lines matching the filters.",
    AI_LINE_STATUSES_IN_WORDS,
  ].join("\n\n"),
  tags: ["Approvals"],
  query: ZListAiLinesQuery,
  response: ZPendingAiLineList,
  acceptsWorkspaceHeader: true,
});
