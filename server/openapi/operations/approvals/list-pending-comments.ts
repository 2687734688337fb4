import { ZListApprovalsQuery, ZPendingCommentList } from "../../../schemas/approvals";
import { defineOperation } from "../../../http/api-operation";
import { BEYOND_THE_SPEC_COMMENTS, STATUSES } from "./shared";

export const listPendingCommentsOperation = defineOperation({
  operationId: "listPendingComments",
  method: "get",
  path: "/pending-comments",
  summary: "List AI-drafted comments waiting for approval",
  description: [
    `${BEYOND_THE_SPEC_COMMENTS} The Approvals queue's comments, oldest first, each with the lead's card, the post it comments on, the campaign's and the sender's names.`,
    "Filters: `status` (default `pending`), `campaignId`, `linkedinAccountId` (the sender). Paged by `limit` and `offset`; `paging.total` counts the drafts matching the filters.",
    STATUSES,
  ].join("\n\n"),
  tags: ["Approvals"],
  query: ZListApprovalsQuery,
  response: ZPendingCommentList,
  acceptsWorkspaceHeader: true,
});
