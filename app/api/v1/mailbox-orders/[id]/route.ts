// GET /api/v1/mailbox-orders/{id} – one order with its domains and mailboxes
import { apiRoute } from "@/server/http/api-route";
import { getMailboxOrderOperation } from "@/server/openapi/operations/mailbox-orders/get-mailbox-order";
import { getMailboxOrder } from "@/server/services/mailbox-orders/get-mailbox-order";

export const GET = apiRoute(getMailboxOrderOperation, async ({ actor, params }) => ({ data: await getMailboxOrder(actor, params.id) }));
