// POST /api/v1/mailbox-orders/{id}/resume – resume an order that needs attention (extension)
import { apiRoute } from "@/server/http/api-route";
import { resumeMailboxOrderOperation } from "@/server/openapi/operations/mailbox-orders/resume-mailbox-order";
import { resumeMailboxOrder } from "@/server/services/mailbox-orders/resume-mailbox-order";

export const POST = apiRoute(resumeMailboxOrderOperation, async ({ actor, params }) => ({ data: await resumeMailboxOrder(actor, params.id) }));
