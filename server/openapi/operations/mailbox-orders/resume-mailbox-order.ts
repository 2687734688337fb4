import { dataEnvelope } from "../../../schemas/common";
import { ZMailboxOrder } from "../../../schemas/mailbox-order";
import { defineOperation } from "../../../http/api-operation";
import { BILLING_PERMISSION, MAILBOX_ORDERS_TAG, ZMailboxOrderIdParams } from "./shared";

export const resumeMailboxOrderOperation = defineOperation({
  operationId: "resumeMailboxOrder",
  method: "post",
  path: "/mailbox-orders/{id}/resume",
  summary: "Resume a mailbox order that needs attention",
  description: [
    "Extension (not in the spec). Sends a `needs_attention` order back to the step it stopped at (its `statusLabel` said why) and runs the pipeline again from there; every step is idempotent, so nothing done already is done twice (no domain registered twice, no second charge).",
    BILLING_PERMISSION,
    "409 `order-not-resumable` for an order that is not `needs_attention`.",
  ].join("\n\n"),
  tags: [MAILBOX_ORDERS_TAG],
  params: ZMailboxOrderIdParams,
  response: dataEnvelope(ZMailboxOrder),
  errors: ["not-found", "not-allowed", "order-not-resumable"],
});
