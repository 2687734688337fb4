// POST /api/v1/email-accounts/{id}/deliverability-test – run a deliverability test of a mailbox
import { apiRoute } from "@/server/http/api-route";
import { runDeliverabilityTestOperation } from "@/server/openapi/operations/mailboxes/run-deliverability-test";
import { startDeliverabilityTest } from "@/server/services/deliverability/start-deliverability-test";

export const POST = apiRoute(runDeliverabilityTestOperation, async ({ actor, params }) => ({ data: await startDeliverabilityTest(actor, params.id) }));
