// The handlers of the inbox operations: what each answers, beside its operation in this folder.
// Listed in server/openapi/registry.ts, wrapped by server/http/api-handler.ts (authentication,
// validation, idempotency, errors). Kept apart from the operation files, which the OpenAPI document
// and the dashboard's API reference import without the services.
import { apiHandler } from "../../../http/api-handler";
import { getConversation } from "../../../services/inbox/get-conversation";
import { listConversations } from "../../../services/inbox/list-conversations";
import { replyToConversation } from "../../../services/inbox/reply-to-conversation";
import { updateConversation } from "../../../services/inbox/update-conversation";
import { getConversationOperation } from "./get-conversation";
import { listConversationsOperation } from "./list-conversations";
import { replyToConversationOperation } from "./reply-to-conversation";
import { updateConversationOperation } from "./update-conversation";

export const inboxHandlers = [
  // GET /api/v1/conversations – list the inbox's conversations (LinkedIn and e-mail), newest first
  apiHandler(listConversationsOperation, async ({ actor, query }) => listConversations(actor, query)),
  // GET /api/v1/conversations/{id} – a conversation with its messages, the lead's card and whether it can be answered
  apiHandler(getConversationOperation, async ({ actor, params }) => ({ data: await getConversation(actor, params.id) })),
  // PATCH /api/v1/conversations/{id} – mark it read or unread, set the lead's interest
  apiHandler(updateConversationOperation, async ({ actor, params, body }) => ({ data: await updateConversation(actor, params.id, body) })),
  // POST /api/v1/conversations/{id}/messages – reply in a conversation through its sender or mailbox
  apiHandler(replyToConversationOperation, async ({ actor, params, body }) => ({ data: await replyToConversation(actor, params.id, body) })),
];
