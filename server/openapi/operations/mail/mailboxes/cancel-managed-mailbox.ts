import { dataEnvelope } from "../../../../schemas/common";
import { ZCancelManagedInput, ZCancelManagedResult } from "../../../../schemas/mailbox-order";
import { defineOperation } from "../../../../http/api-operation";
import { ZMailboxIdParams } from "./shared";

export const cancelManagedMailboxOperation = defineOperation({
  operationId: "cancelManagedMailbox",
  method: "post",
  path: "/email-accounts/{id}/cancel-managed",
  summary: "Cancel a managed mailbox",
  description:
    "Cancels a managed mailbox (`connectedVia: managed`, bought through Herald). It keeps working until `cancelAt` (its renewal date); then it is removed (as DELETE removes a mailbox) and billing stops. Cancelling the last running mailbox of a domain also stops the domain's renewal. Repeating the call returns the same result. Needs the API key's creator to be allowed to manage billing (403 `not-allowed`). Cancelling a domain's admin mailbox (`managed.isAdmin`) while other mailboxes still run on the domain needs `confirmAdmin: true` (409 `admin-mailbox` otherwise); once the admin mailbox is cancelled, no mailbox can be added to that domain again. 409 `not-managed` for a mailbox the workspace connected itself (remove it instead). Works whether the workspace's managed-mailbox setting or email channel is on or off.",
  tags: ["Mailboxes"],
  params: ZMailboxIdParams,
  body: ZCancelManagedInput,
  response: dataEnvelope(ZCancelManagedResult),
  errors: ["not-found", "not-managed", "not-allowed", "admin-mailbox"],
});
