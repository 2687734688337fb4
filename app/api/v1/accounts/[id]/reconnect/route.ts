// POST /api/v1/accounts/{id}/reconnect – repair a sender's session
import { apiRoute } from "@/server/http/api-route";
import { reconnectSenderOperation } from "@/server/openapi/operations/senders/reconnect-sender";
import { toConnectSenderResult } from "@/server/schemas/sender";
import { reconnectSender } from "@/server/services/senders/reconnect-sender";

export const POST = apiRoute(reconnectSenderOperation, async ({ actor, params, body }) =>
  toConnectSenderResult(await reconnectSender(actor, params.id, body)),
);
