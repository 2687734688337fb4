// The handlers of the warmup operations: what each answers, beside its operation in this folder.
// Listed in server/openapi/registry.ts, wrapped by server/http/api-handler.ts (authentication,
// validation, idempotency, errors). Kept apart from the operation files, which the OpenAPI document
// and the dashboard's API reference import without the services.
import { apiHandler } from "../../../../http/api-handler";
import { getWarmup } from "../../../../services/mail/warmup/get-warmup";
import { getWarmupHistory } from "../../../../services/mail/warmup/get-warmup-history";
import { resumeWarmup } from "../../../../services/mail/warmup/resume-warmup";
import { startWarmup } from "../../../../services/mail/warmup/start-warmup";
import { stopWarmup } from "../../../../services/mail/warmup/stop-warmup";
import { updateWarmupStrategy } from "../../../../services/mail/warmup/update-warmup-strategy";
import { changeWarmupStrategyOperation } from "./change-warmup-strategy";
import { getWarmupOperation } from "./get-warmup";
import { getWarmupHistoryOperation } from "./get-warmup-history";
import { resumeWarmupOperation } from "./resume-warmup";
import { startWarmupOperation } from "./start-warmup";
import { stopWarmupOperation } from "./stop-warmup";

export const warmupHandlers = [
  // GET /api/v1/email-accounts/{id}/warmup – the mailbox's warmup; PATCH – change its strategy
  apiHandler(getWarmupOperation, async ({ actor, params }) => ({ data: await getWarmup(actor, params.id) })),
  // PATCH /api/v1/email-accounts/[id]/warmup
  apiHandler(changeWarmupStrategyOperation, async ({ actor, params, body }) => ({ data: await updateWarmupStrategy(actor, params.id, body) })),
  // GET /api/v1/email-accounts/{id}/warmup/history – the mailbox's warmup days, for charts
  apiHandler(getWarmupHistoryOperation, async ({ actor, params, query }) => ({ data: await getWarmupHistory(actor, params.id, query.days) })),
  // POST /api/v1/email-accounts/{id}/warmup/resume – resume the mailbox's warmup
  apiHandler(resumeWarmupOperation, async ({ actor, params }) => ({ data: await resumeWarmup(actor, params.id) })),
  // POST /api/v1/email-accounts/{id}/warmup/start – start the mailbox's warmup
  apiHandler(startWarmupOperation, async ({ actor, params }) => ({ data: await startWarmup(actor, params.id) })),
  // POST /api/v1/email-accounts/{id}/warmup/stop – stop the mailbox's warmup
  apiHandler(stopWarmupOperation, async ({ actor, params }) => ({ data: await stopWarmup(actor, params.id) })),
];
