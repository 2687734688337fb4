import { dataEnvelope } from "../../../../schemas/common";
import { ZMailbox } from "../../../../schemas/mailbox";
import { defineOperation } from "../../../../http/api-operation";
import { ZMailboxIdParams } from "./shared";

export const pauseMailboxOperation = defineOperation({
  operationId: "pauseMailbox",
  method: "post",
  path: "/email-accounts/{id}/pause",
  summary: "Pause a mailbox",
  description: "Campaigns stop sending from the mailbox (its leads wait) until it is resumed; `pausedReason` is `manual`. Emits account.paused with `channel: email`; a no-op when already paused. Returns the mailbox either way.",
  tags: ["Mailboxes"],
  params: ZMailboxIdParams,
  response: dataEnvelope(ZMailbox),
  errors: ["not-found"],
});
