import { dataEnvelope } from "../../../schemas/common";
import { ZPendingComment } from "../../../schemas/approvals";
import { defineOperation } from "../../../http/api-operation";
import { BEYOND_THE_SPEC_COMMENTS, STATUSES, ZPendingCommentIdParams } from "./shared";

export const getPendingCommentOperation = defineOperation({
  operationId: "getPendingComment",
  method: "get",
  path: "/pending-comments/{id}",
  summary: "Get a comment draft",
  description: `${BEYOND_THE_SPEC_COMMENTS} ${STATUSES} Another workspace's draft is 404.`,
  tags: ["Approvals"],
  params: ZPendingCommentIdParams,
  response: dataEnvelope(ZPendingComment),
  errors: ["not-found"],
});
