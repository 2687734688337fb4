// GET /api/v1/conversations – list the inbox's conversations (LinkedIn and e-mail), newest first
import { apiRoute } from "@/server/http/api-route";
import { listConversationsOperation } from "@/server/openapi/operations/inbox/list-conversations";
import { listConversations } from "@/server/services/inbox/list-conversations";

export const GET = apiRoute(listConversationsOperation, async ({ actor, query }) => listConversations(actor, query));
