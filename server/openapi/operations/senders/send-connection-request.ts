import { dataEnvelope } from "../../../schemas/common";
import { ZConnectionRequestInput, ZDirectAction } from "../../../schemas/direct-action";
import { defineOperation } from "../../../http/api-operation";
import { DIRECT_ACTION_NOTE, ZAccountIdParams, DIRECT_ACTION_ERRORS } from "./shared";

export const sendConnectionRequestOperation = defineOperation({
  operationId: "sendConnectionRequest",
  method: "post",
  path: "/accounts/{id}/connections",
  summary: "Send a connection request",
  description: `Notes are a Premium feature (at most 300 characters): a free sender sends the invitation without the note (\`note\` is then null in the record). 409 \`invitation-pending\` while an invitation to the profile is pending, \`already-connected\` when it is a connection already. 429 \`weekly-limit-reached\` at the sender's weekly connection-request limit unless the workspace bypasses it. connection.accepted fires on acceptance. ${DIRECT_ACTION_NOTE}`,
  tags: ["Direct actions"],
  params: ZAccountIdParams,
  body: ZConnectionRequestInput,
  response: dataEnvelope(ZDirectAction),
  errors: [...DIRECT_ACTION_ERRORS, "weekly-limit-reached", "invitation-pending", "already-invited", "already-connected"],
});
