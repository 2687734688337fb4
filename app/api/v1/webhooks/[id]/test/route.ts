// POST /api/v1/webhooks/{id}/test – send a test delivery and report the answer
import { apiRoute } from "@/server/http/api-route";
import { testWebhookOperation } from "@/server/openapi/operations/webhooks/test-webhook";
import { testWebhook } from "@/server/services/webhooks/test-webhook";

export const POST = apiRoute(testWebhookOperation, async ({ actor, params }) => ({ data: await testWebhook(actor, params.id) }));
