import { dataEnvelope } from "../../../schemas/common";
import { ZPendingComment } from "../../../schemas/approvals";
import { defineOperation } from "../../../http/api-operation";
import { DECISION_RULES, ZPendingCommentIdParams } from "./shared";

export const rejectPendingCommentOperation = defineOperation({
  operationId: "rejectPendingComment",
  method: "post",
  path: "/pending-comments/{id}/reject",
  summary: "Reject a comment draft",
  description: [
    "The draft becomes `rejected`; the lead skips the comment step (its step history says \"Comment rejected\") and continues with the next step, after the step's delay. A lead at the end of its branch is `done` (lead.status_changed). A paused lead stays paused on its next step. The spec does not show this path; Herald's follows the voice notes'.",
    DECISION_RULES,
  ].join("\n\n"),
  tags: ["Approvals"],
  params: ZPendingCommentIdParams,
  response: dataEnvelope(ZPendingComment),
  errors: ["not-found", "already-decided"],
});
