import { dataEnvelope } from "../../../schemas/common";
import { ZMailboxOrder } from "../../../schemas/mailbox-order";
import { defineOperation } from "../../../http/api-operation";
import { BILLING_PERMISSION, MAILBOX_ORDERS_TAG, ZMailboxOrderIdParams } from "./shared";

export const cancelMailboxOrderOperation = defineOperation({
  operationId: "cancelMailboxOrder",
  method: "post",
  path: "/mailbox-orders/{id}/cancel",
  summary: "Cancel a mailbox order",
  description: [
    "Extension (not in the spec). Stops an order and refunds what was paid through the billing provider: the order becomes `cancelled` with `cancelledAt`, and `payment.refundedCents` shows the refund. A `quoted` order is cancelled with nothing to refund. A cancel racing the pipeline wins: the pipeline stops at its next step.",
    BILLING_PERMISSION,
    "409 `order-not-cancellable` for an order that is connecting mailboxes, completed or already cancelled, or that has a mailbox connected already (held while connecting): resume it, or cancel its mailboxes one by one with POST /email-accounts/{id}/cancel-managed. A refund the billing provider cannot take at once stays pending (`payment.status` unchanged) and is sent again every 15 minutes with the same key.",
  ].join("\n\n"),
  tags: [MAILBOX_ORDERS_TAG],
  params: ZMailboxOrderIdParams,
  response: dataEnvelope(ZMailboxOrder),
  errors: ["not-found", "not-allowed", "order-not-cancellable"],
});
