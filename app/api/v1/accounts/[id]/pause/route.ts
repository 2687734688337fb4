// POST /api/v1/accounts/{id}/pause – pause a sender
import { apiRoute } from "@/server/http/api-route";
import { pauseSenderOperation } from "@/server/openapi/operations/senders/pause-sender";
import { pauseSender } from "@/server/services/senders/pause-sender";

export const POST = apiRoute(pauseSenderOperation, async ({ actor, params }) => ({ data: await pauseSender(actor, params.id) }));
