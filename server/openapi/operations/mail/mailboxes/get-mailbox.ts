import { dataEnvelope } from "../../../../schemas/common";
import { ZMailbox } from "../../../../schemas/mailbox";
import { defineOperation } from "../../../../http/api-operation";
import { ZMailboxIdParams } from "./shared";

export const getMailboxOperation = defineOperation({
  operationId: "getMailbox",
  method: "get",
  path: "/email-accounts/{id}",
  summary: "Get a mailbox",
  description:
    "`status` is `connected`, or `error` with the reason in `error` (the mailbox cannot send until it is connected again). `usage` counts today's campaign e-mails in the mailbox's `timezone` against `limits.daily`.",
  tags: ["Mailboxes"],
  params: ZMailboxIdParams,
  response: dataEnvelope(ZMailbox),
  errors: ["not-found"],
});
