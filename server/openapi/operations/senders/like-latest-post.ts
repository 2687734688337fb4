import { dataEnvelope } from "../../../schemas/common";
import { ZDirectAction, ZDirectActionInput } from "../../../schemas/direct-action";
import { defineOperation } from "../../../http/api-operation";
import { DIRECT_ACTION_NOTE, ZAccountIdParams, DIRECT_ACTION_ERRORS } from "./shared";

export const likeLatestPostOperation = defineOperation({
  operationId: "likeLatestPost",
  method: "post",
  path: "/accounts/{id}/post-likes",
  summary: "Like the member's latest post",
  description: `Likes the most recent post (within 30 days); counts against the daily post-like cap; 422 \`no-recent-post\` when there is none. ${DIRECT_ACTION_NOTE}`,
  tags: ["Direct actions"],
  params: ZAccountIdParams,
  body: ZDirectActionInput,
  response: dataEnvelope(ZDirectAction),
  errors: [...DIRECT_ACTION_ERRORS, "no-recent-post"],
});
