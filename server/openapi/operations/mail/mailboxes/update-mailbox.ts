import { dataEnvelope } from "../../../../schemas/common";
import { MAILBOX_DAILY_LIMIT_MAX, ZMailbox, ZUpdateMailboxInput } from "../../../../schemas/mailbox";
import { defineOperation } from "../../../../http/api-operation";
import { ZMailboxIdParams } from "./shared";

export const updateMailboxOperation = defineOperation({
  operationId: "updateMailbox",
  method: "patch",
  path: "/email-accounts/{id}",
  summary: "Change a mailbox's settings",
  description: `Any of \`label\`, \`fromName\` (the sender name recipients see), \`dailyLimit\` (campaign e-mails per day, 1 to ${MAILBOX_DAILY_LIMIT_MAX}), \`signature\` (added below campaign e-mails), \`trackOpens\`, \`trackClicks\` and \`timezone\` (IANA zone in which the daily limit is counted). \`null\` or an empty string clears \`fromName\` and \`signature\`.`,
  tags: ["Mailboxes"],
  params: ZMailboxIdParams,
  body: ZUpdateMailboxInput,
  response: dataEnvelope(ZMailbox),
  errors: ["not-found"],
});
