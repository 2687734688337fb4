// POST /api/v1/accounts/{id}/connections – send a connection request
import { apiRoute } from "@/server/http/api-route";
import { sendConnectionRequestOperation } from "@/server/openapi/operations/senders/send-connection-request";
import { sendConnectionRequest } from "@/server/services/direct-actions/send-connection-request";

export const POST = apiRoute(sendConnectionRequestOperation, async ({ actor, params, body }) => ({
  data: await sendConnectionRequest(actor, params.id, body),
}));
