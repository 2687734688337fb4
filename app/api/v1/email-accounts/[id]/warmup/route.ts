// GET /api/v1/email-accounts/{id}/warmup – the mailbox's warmup; PATCH – change its strategy
import { apiRoute } from "@/server/http/api-route";
import { changeWarmupStrategyOperation } from "@/server/openapi/operations/warmup/change-warmup-strategy";
import { getWarmupOperation } from "@/server/openapi/operations/warmup/get-warmup";
import { getWarmup } from "@/server/services/warmup/get-warmup";
import { updateWarmupStrategy } from "@/server/services/warmup/update-warmup-strategy";

export const GET = apiRoute(getWarmupOperation, async ({ actor, params }) => ({ data: await getWarmup(actor, params.id) }));
export const PATCH = apiRoute(changeWarmupStrategyOperation, async ({ actor, params, body }) => ({ data: await updateWarmupStrategy(actor, params.id, body) }));
