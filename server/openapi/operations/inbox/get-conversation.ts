import { dataEnvelope } from "../../../schemas/common";
import { ZConversation } from "../../../schemas/inbox";
import { defineOperation } from "../../../http/api-operation";
import { BEYOND_THE_SPEC, ZConversationIdParams } from "./shared";

export const getConversationOperation = defineOperation({
  operationId: "getConversation",
  method: "get",
  path: "/conversations/{id}",
  summary: "Get a conversation with its messages",
  description: `${BEYOND_THE_SPEC} The conversation's messages oldest first (for e-mail: the thread's e-mails, the lead's replies with quoted history stripped, auto-replies marked as such, bounced e-mails with the bounce), the lead's place in the conversation's campaign (status, current step, interest), and whether a reply can be sent now (\`canReply\`, else \`cannotReplyReason\` in plain words). Reading does not mark it read: PATCH \`unread\` does.`,
  tags: ["Inbox"],
  params: ZConversationIdParams,
  response: dataEnvelope(ZConversation),
  errors: ["not-found"],
});
