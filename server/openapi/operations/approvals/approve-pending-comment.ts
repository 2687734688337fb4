import { dataEnvelope } from "../../../schemas/common";
import { ZApproveCommentInput, ZPendingComment } from "../../../schemas/approvals";
import { defineOperation } from "../../../http/api-operation";
import { BEYOND_THE_SPEC_COMMENTS, DECISION_RULES, ZPendingCommentIdParams } from "./shared";

export const approvePendingCommentOperation = defineOperation({
  operationId: "approvePendingComment",
  method: "post",
  path: "/pending-comments/{id}/approve",
  summary: "Approve a comment draft",
  description: [
    `${BEYOND_THE_SPEC_COMMENTS} The draft becomes \`approved\` (with \`decidedAt\`) and its lead is due at once: the sender's next turn posts it on the lead's post (counted against the sender's daily comment cap), then it is \`sent\`. The body is optional: \`comment\` posts this text instead of the draft (at most 1,250 characters, LinkedIn's limit).`,
    DECISION_RULES,
  ].join("\n\n"),
  tags: ["Approvals"],
  params: ZPendingCommentIdParams,
  body: ZApproveCommentInput,
  response: dataEnvelope(ZPendingComment),
  errors: ["not-found", "already-decided"],
});
