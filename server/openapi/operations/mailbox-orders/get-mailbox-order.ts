import { dataEnvelope } from "../../../schemas/common";
import { ZMailboxOrder } from "../../../schemas/mailbox-order";
import { defineOperation } from "../../../http/api-operation";
import { MAILBOX_ORDERS_TAG, ZMailboxOrderIdParams } from "./shared";

export const getMailboxOrderOperation = defineOperation({
  operationId: "getMailboxOrder",
  method: "get",
  path: "/mailbox-orders/{id}",
  summary: "Get a mailbox order",
  description:
    "One order of the workspace with its domains (per domain `status`: `pending`, `registering`, `registered`, `refused` with `refusedReason`, `provisioned`, `connected`) and mailboxes (per mailbox `step`: `ordered`, `created`, `authorized`, `connected` with `accountId` and `connectedAt`, or `refused`). Poll it to follow the pipeline. 404 for an id of another workspace.",
  tags: [MAILBOX_ORDERS_TAG],
  params: ZMailboxOrderIdParams,
  response: dataEnvelope(ZMailboxOrder),
  errors: ["not-found"],
});
