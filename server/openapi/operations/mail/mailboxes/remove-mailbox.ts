import { z } from "zod";
import { defineOperation } from "../../../../http/api-operation";
import { ZMailboxIdParams } from "./shared";

export const removeMailboxOperation = defineOperation({
  operationId: "removeMailbox",
  method: "delete",
  path: "/email-accounts/{id}",
  summary: "Remove a mailbox",
  description:
    "Removes the mailbox with its e-mails and their conversations (they leave GET /conversations; GET /conversations/{id} answers 404; a restore does not bring them back), takes it out of every campaign's `emailAccountIds` and moves its leads to the remaining mailboxes of each campaign (balanced). Connecting the same address again within the restore window (15 days by default, `HERALD_MAILBOX_RESTORE_DAYS`) restores its campaigns, leads and settings under a new id with `restoredFrom`; later it is a new mailbox. Emits account.status_changed (status `disconnected`, `removed: true`) with `channel: email`. 403 `email-channel-disabled` while the workspace's email channel is off; 409 `managed-mailbox` for a mailbox bought through Herald (use cancel-managed).",
  tags: ["Mailboxes"],
  params: ZMailboxIdParams,
  response: z.object({ data: z.object({ id: z.string(), deleted: z.literal(true) }) }),
  errors: ["not-found", "email-channel-disabled", "managed-mailbox"],
});
