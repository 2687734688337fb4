import { dataEnvelope } from "../../../schemas/common";
import { ZMailboxOrder, ZPayMailboxOrderInput } from "../../../schemas/mailbox-order";
import { defineOperation } from "../../../http/api-operation";
import { BILLING_PERMISSION, MAILBOX_ORDERS_TAG, ZMailboxOrderIdParams } from "./shared";

export const payMailboxOrderOperation = defineOperation({
  operationId: "payMailboxOrder",
  method: "post",
  path: "/mailbox-orders/{id}/pay",
  summary: "Pay a quoted mailbox order",
  description: [
    "Extension (not in the spec). Pays a `quoted` order through the installation's billing provider. The sandbox pays at once: the order becomes `paid` and the pipeline starts (`placing`, then `placed`, `provisioning`, `authorizing`, `connecting`, `completed`). With Stripe the answer carries `payment.status: pending` and `payment.checkoutUrl`, the page where the person pays; the order becomes `paid` when Stripe confirms it, and `returnUrl` is where that page sends them back.",
    BILLING_PERMISSION,
    "409 `order-not-payable` for an order that is not `quoted` (already paid, cancelled) or whose quote expired (`expiresAt`): quote again. Paying twice never charges twice (send an `Idempotency-Key` too). 502 `provider-failed` when the billing provider cannot be reached.",
  ].join("\n\n"),
  tags: [MAILBOX_ORDERS_TAG],
  params: ZMailboxOrderIdParams,
  body: ZPayMailboxOrderInput,
  response: dataEnvelope(ZMailboxOrder),
  errors: ["not-found", "not-allowed", "order-not-payable", "provider-failed"],
});
