// POST /api/v1/email-accounts/{id}/warmup/start – start the mailbox's warmup
import { apiRoute } from "@/server/http/api-route";
import { startWarmupOperation } from "@/server/openapi/operations/warmup/start-warmup";
import { startWarmup } from "@/server/services/warmup/start-warmup";

export const POST = apiRoute(startWarmupOperation, async ({ actor, params }) => ({ data: await startWarmup(actor, params.id) }));
