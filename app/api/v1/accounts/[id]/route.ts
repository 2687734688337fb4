// GET /api/v1/accounts/{id} – get a sender
// PATCH /api/v1/accounts/{id} – rename it, set its timezone, voice or caps
// DELETE /api/v1/accounts/{id} – disconnect it
import { apiRoute } from "@/server/http/api-route";
import { disconnectSenderOperation } from "@/server/openapi/operations/senders/disconnect-sender";
import { getSenderOperation } from "@/server/openapi/operations/senders/get-sender";
import { updateSenderOperation } from "@/server/openapi/operations/senders/update-sender";
import { disconnectSender } from "@/server/services/senders/disconnect-sender";
import { getSender } from "@/server/services/senders/get-sender";
import { updateSender } from "@/server/services/senders/update-sender";

export const GET = apiRoute(getSenderOperation, async ({ actor, params }) => ({ data: await getSender(actor, params.id) }));

export const PATCH = apiRoute(updateSenderOperation, async ({ actor, params, body }) => ({ data: await updateSender(actor, params.id, body) }));

export const DELETE = apiRoute(disconnectSenderOperation, async ({ actor, params }) => ({ data: await disconnectSender(actor, params.id) }));
