// POST /api/v1/email-accounts/{id}/warmup/resume – resume the mailbox's warmup
import { apiRoute } from "@/server/http/api-route";
import { resumeWarmupOperation } from "@/server/openapi/operations/warmup/resume-warmup";
import { resumeWarmup } from "@/server/services/warmup/resume-warmup";

export const POST = apiRoute(resumeWarmupOperation, async ({ actor, params }) => ({ data: await resumeWarmup(actor, params.id) }));
