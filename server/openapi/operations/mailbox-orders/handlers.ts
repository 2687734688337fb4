// The handlers of the mailbox-orders operations: what each answers, beside its operation in this folder.
// Listed in server/openapi/registry.ts, wrapped by server/http/api-handler.ts (authentication,
// validation, idempotency, errors). Kept apart from the operation files, which the OpenAPI document
// and the dashboard's API reference import without the services.
import { apiHandler } from "../../../http/api-handler";
import { cancelMailboxOrder } from "../../../services/mailbox-orders/cancel-mailbox-order";
import { getMailboxOrder } from "../../../services/mailbox-orders/get-mailbox-order";
import { listMailboxOrders } from "../../../services/mailbox-orders/list-mailbox-orders";
import { payMailboxOrder } from "../../../services/mailbox-orders/pay-mailbox-order";
import { quoteMailboxOrder } from "../../../services/mailbox-orders/quote-mailbox-order";
import { resumeMailboxOrder } from "../../../services/mailbox-orders/resume-mailbox-order";
import { searchDomains } from "../../../services/mailbox-orders/search-domains";
import { cancelMailboxOrderOperation } from "./cancel-mailbox-order";
import { getMailboxOrderOperation } from "./get-mailbox-order";
import { listMailboxOrdersOperation } from "./list-mailbox-orders";
import { payMailboxOrderOperation } from "./pay-mailbox-order";
import { quoteMailboxOrderOperation } from "./quote-mailbox-order";
import { resumeMailboxOrderOperation } from "./resume-mailbox-order";
import { searchDomainsOperation } from "./search-domains";

export const mailboxOrdersHandlers = [
  // POST /api/v1/domains/search – domains to buy, with their availability and price (extension)
  apiHandler(searchDomainsOperation, async ({ actor, body }) => ({ data: await searchDomains(actor, body) })),
  // GET /api/v1/mailbox-orders – the workspace's orders, newest first
  apiHandler(listMailboxOrdersOperation, async ({ actor, query }) => listMailboxOrders(actor, query)),
  // POST /api/v1/mailbox-orders – quote an order of domains and mailboxes (extension)
  apiHandler(quoteMailboxOrderOperation, async ({ actor, body }) => ({ data: await quoteMailboxOrder(actor, body, { via: "api" }) })),
  // GET /api/v1/mailbox-orders/{id} – one order with its domains and mailboxes
  apiHandler(getMailboxOrderOperation, async ({ actor, params }) => ({ data: await getMailboxOrder(actor, params.id) })),
  // POST /api/v1/mailbox-orders/{id}/cancel – cancel an order and refund it (extension)
  apiHandler(cancelMailboxOrderOperation, async ({ actor, params }) => ({ data: await cancelMailboxOrder(actor, params.id) })),
  // POST /api/v1/mailbox-orders/{id}/pay – pay a quoted order (extension)
  apiHandler(payMailboxOrderOperation, async ({ actor, params, body }) => ({ data: await payMailboxOrder(actor, params.id, body) })),
  // POST /api/v1/mailbox-orders/{id}/resume – resume an order that needs attention (extension)
  apiHandler(resumeMailboxOrderOperation, async ({ actor, params }) => ({ data: await resumeMailboxOrder(actor, params.id) })),
];
