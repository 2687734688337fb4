import { dataEnvelope } from "../../../schemas/common";
import { ZEditCommentInput, ZPendingComment } from "../../../schemas/approvals";
import { defineOperation } from "../../../http/api-operation";
import { BEYOND_THE_SPEC_COMMENTS, DECISION_RULES, ZPendingCommentIdParams } from "./shared";

export const editPendingCommentOperation = defineOperation({
  operationId: "editPendingComment",
  method: "post",
  path: "/pending-comments/{id}/edit",
  summary: "Edit a comment draft",
  description: [`${BEYOND_THE_SPEC_COMMENTS} Replaces the draft's text (at most 1,250 characters); it stays \`pending\`. Spends no credits.`, DECISION_RULES].join("\n\n"),
  tags: ["Approvals"],
  params: ZPendingCommentIdParams,
  body: ZEditCommentInput,
  response: dataEnvelope(ZPendingComment),
  errors: ["not-found", "already-decided"],
});
