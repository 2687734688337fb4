// POST /api/v1/mailbox-orders/{id}/pay – pay a quoted order (extension)
import { apiRoute } from "@/server/http/api-route";
import { payMailboxOrderOperation } from "@/server/openapi/operations/mailbox-orders/pay-mailbox-order";
import { payMailboxOrder } from "@/server/services/mailbox-orders/pay-mailbox-order";

export const POST = apiRoute(payMailboxOrderOperation, async ({ actor, params, body }) => ({ data: await payMailboxOrder(actor, params.id, body) }));
