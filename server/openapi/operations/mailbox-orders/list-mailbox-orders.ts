import { listEnvelope } from "../../../schemas/common";
import { ZListMailboxOrdersQuery, ZMailboxOrder } from "../../../schemas/mailbox-order";
import { defineOperation } from "../../../http/api-operation";
import { MAILBOX_ORDERS_TAG } from "./shared";

export const listMailboxOrdersOperation = defineOperation({
  operationId: "listMailboxOrders",
  method: "get",
  path: "/mailbox-orders",
  summary: "List mailbox orders",
  description: [
    "The workspace's orders, newest first, with their domains, mailboxes and each mailbox's `step`. `status` keeps one status; `limit` (1 to 100, default 50) and `offset` page.",
    "Statuses: `quoted` (priced, waiting for payment until `expiresAt`), `paid`, `placing` (registering domains), `placing_unknown` (a registrar's answer was lost; Herald asks the registrar before anything else and never registers twice), `placed`, `provisioning` (domains and mailboxes created at the mail platform, DNS published), `authorizing` (Herald granted access), `connecting` (the mailboxes join Herald with `connectedVia: managed` and start warming), `completed` (`completedAt`), `needs_attention` (a step is late or failed: `delayed` and `statusLabel` say what; the team is on it and the order can be resumed), `cancelled` (stopped and refunded).",
    "Extensions beyond the spec's fields: `lines` (what the total is made of), `payment`, `expiresAt`, `cancelledAt`, each domain's `dnsRecords`, each mailbox's `isAdmin`.",
  ].join("\n\n"),
  tags: [MAILBOX_ORDERS_TAG],
  query: ZListMailboxOrdersQuery,
  response: listEnvelope(ZMailboxOrder),
});
