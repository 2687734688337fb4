// GET /api/v1/mailbox-orders – the workspace's orders, newest first
// POST /api/v1/mailbox-orders – quote an order of domains and mailboxes (extension)
import { apiRoute } from "@/server/http/api-route";
import { listMailboxOrdersOperation } from "@/server/openapi/operations/mailbox-orders/list-mailbox-orders";
import { quoteMailboxOrderOperation } from "@/server/openapi/operations/mailbox-orders/quote-mailbox-order";
import { listMailboxOrders } from "@/server/services/mailbox-orders/list-mailbox-orders";
import { quoteMailboxOrder } from "@/server/services/mailbox-orders/quote-mailbox-order";

export const GET = apiRoute(listMailboxOrdersOperation, async ({ actor, query }) => listMailboxOrders(actor, query));

export const POST = apiRoute(quoteMailboxOrderOperation, async ({ actor, body }) => ({ data: await quoteMailboxOrder(actor, body, { via: "api" }) }));
