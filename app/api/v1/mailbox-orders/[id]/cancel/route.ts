// POST /api/v1/mailbox-orders/{id}/cancel – cancel an order and refund it (extension)
import { apiRoute } from "@/server/http/api-route";
import { cancelMailboxOrderOperation } from "@/server/openapi/operations/mailbox-orders/cancel-mailbox-order";
import { cancelMailboxOrder } from "@/server/services/mailbox-orders/cancel-mailbox-order";

export const POST = apiRoute(cancelMailboxOrderOperation, async ({ actor, params }) => ({ data: await cancelMailboxOrder(actor, params.id) }));
