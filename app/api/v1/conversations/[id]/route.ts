// GET /api/v1/conversations/{id} – a conversation with its messages, the lead's card and whether it can be answered
// PATCH /api/v1/conversations/{id} – mark it read or unread, set the lead's interest
import { apiRoute } from "@/server/http/api-route";
import { getConversationOperation } from "@/server/openapi/operations/inbox/get-conversation";
import { updateConversationOperation } from "@/server/openapi/operations/inbox/update-conversation";
import { getConversation } from "@/server/services/inbox/get-conversation";
import { updateConversation } from "@/server/services/inbox/update-conversation";

export const GET = apiRoute(getConversationOperation, async ({ actor, params }) => ({ data: await getConversation(actor, params.id) }));

export const PATCH = apiRoute(updateConversationOperation, async ({ actor, params, body }) => ({ data: await updateConversation(actor, params.id, body) }));
