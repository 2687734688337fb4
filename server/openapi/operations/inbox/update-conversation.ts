import { dataEnvelope } from "../../../schemas/common";
import { ZConversationSummary, ZUpdateConversationInput } from "../../../schemas/inbox";
import { defineOperation } from "../../../http/api-operation";
import { BEYOND_THE_SPEC, ZConversationIdParams } from "./shared";

export const updateConversationOperation = defineOperation({
  operationId: "updateConversation",
  method: "patch",
  path: "/conversations/{id}",
  summary: "Mark a conversation read or unread, or set the lead's interest",
  description: `${BEYOND_THE_SPEC} \`unread\` marks the conversation unread or read. \`interest\` sets the interest of the lead in the conversation's campaign (\`interested\`, \`not_interested\`, \`neutral\`; \`interestBy\` becomes \`manual\`), or clears it with null; a conversation whose lead is in no campaign has no interest to set (400 naming \`interest\`). Answers the conversation's summary.`,
  tags: ["Inbox"],
  params: ZConversationIdParams,
  body: ZUpdateConversationInput,
  response: dataEnvelope(ZConversationSummary),
  errors: ["not-found"],
});
