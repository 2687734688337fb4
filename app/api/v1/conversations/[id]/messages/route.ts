// POST /api/v1/conversations/{id}/messages – reply in a conversation through its sender or mailbox
import { apiRoute } from "@/server/http/api-route";
import { replyToConversationOperation } from "@/server/openapi/operations/inbox/reply-to-conversation";
import { replyToConversation } from "@/server/services/inbox/reply-to-conversation";

export const POST = apiRoute(replyToConversationOperation, async ({ actor, params, body }) => ({ data: await replyToConversation(actor, params.id, body) }));
