// POST /api/v1/email-accounts/{id}/warmup/stop – stop the mailbox's warmup
import { apiRoute } from "@/server/http/api-route";
import { stopWarmupOperation } from "@/server/openapi/operations/warmup/stop-warmup";
import { stopWarmup } from "@/server/services/warmup/stop-warmup";

export const POST = apiRoute(stopWarmupOperation, async ({ actor, params }) => ({ data: await stopWarmup(actor, params.id) }));
