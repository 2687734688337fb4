// POST /api/v1/accounts/{id}/resume – resume a paused sender
import { apiRoute } from "@/server/http/api-route";
import { resumeSenderOperation } from "@/server/openapi/operations/senders/resume-sender";
import { resumeSender } from "@/server/services/senders/resume-sender";

export const POST = apiRoute(resumeSenderOperation, async ({ actor, params }) => ({ data: await resumeSender(actor, params.id) }));
