import { dataEnvelope } from "../../../schemas/common";
import { ZPendingComment, ZRegenerateCommentInput } from "../../../schemas/approvals";
import { defineOperation } from "../../../http/api-operation";
import { COMMENT_DRAFT_COST } from "../../../services/campaigns/drafts/draft-comment";
import { BEYOND_THE_SPEC_COMMENTS, DECISION_RULES, ZPendingCommentIdParams } from "./shared";

export const regeneratePendingCommentOperation = defineOperation({
  operationId: "regeneratePendingComment",
  method: "post",
  path: "/pending-comments/{id}/regenerate",
  summary: "Write a new comment draft",
  description: [
    `${BEYOND_THE_SPEC_COMMENTS} The AI model writes a new draft from the lead's post and the step's instructions, or \`prompt\` when given (the body is optional); it stays \`pending\` and \`generations\` grows by one. Each new draft spends ${COMMENT_DRAFT_COST} AI credit (ledger reason \`comment-draft\`).`,
    "When no new draft can be written the current one is kept: 402 `insufficient-credits` when the workspace is out of AI credits; 503 `unavailable` (with `Retry-After`) when the AI model failed, its credit given back.",
    DECISION_RULES,
  ].join("\n\n"),
  tags: ["Approvals"],
  params: ZPendingCommentIdParams,
  body: ZRegenerateCommentInput,
  response: dataEnvelope(ZPendingComment),
  errors: ["not-found", "already-decided", "insufficient-credits", "unavailable"],
});
