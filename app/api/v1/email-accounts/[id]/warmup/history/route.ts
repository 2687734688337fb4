// GET /api/v1/email-accounts/{id}/warmup/history – the mailbox's warmup days, for charts
import { apiRoute } from "@/server/http/api-route";
import { getWarmupHistoryOperation } from "@/server/openapi/operations/warmup/get-warmup-history";
import { getWarmupHistory } from "@/server/services/warmup/get-warmup-history";

export const GET = apiRoute(getWarmupHistoryOperation, async ({ actor, params, query }) => ({ data: await getWarmupHistory(actor, params.id, query.days) }));
