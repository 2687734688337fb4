import { dataEnvelope } from "../../../../schemas/common";
import { ZMailbox } from "../../../../schemas/mailbox";
import { defineOperation } from "../../../../http/api-operation";
import { ZMailboxIdParams } from "./shared";

export const resumeMailboxOperation = defineOperation({
  operationId: "resumeMailbox",
  method: "post",
  path: "/email-accounts/{id}/resume",
  summary: "Resume a mailbox",
  description:
    "Resumes a paused mailbox so campaigns can send from it, whatever paused it: a person, or its own bounce or complaint rate (`pausedReason` `bounce-rate` or `complaint-rate`; the rates then count only e-mails sent after the pause). No-op when not paused; returns the mailbox either way. Emits account.resumed with `channel: email`.",
  tags: ["Mailboxes"],
  params: ZMailboxIdParams,
  response: dataEnvelope(ZMailbox),
  errors: ["not-found"],
});
