// POST /api/v1/accounts/{id}/reconnect – repair a sender's session
import { apiRoute } from "@/server/http/api-route";
import { reconnectSenderOperation } from "@/server/openapi/operations/senders/reconnect-sender";
import { reconnectSender } from "@/server/services/senders/reconnect-sender";

export const POST = apiRoute(reconnectSenderOperation, ({ actor, params, body }) => reconnectSender(actor, params.id, body));
