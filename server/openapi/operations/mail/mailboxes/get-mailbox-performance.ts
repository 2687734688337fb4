import { dataEnvelope } from "../../../../schemas/common";
import { ZMailboxPerformance, ZMailboxPerformanceQuery } from "../../../../schemas/mailbox";
import { defineOperation } from "../../../../http/api-operation";
import { ZMailboxIdParams } from "./shared";

export const getMailboxPerformanceOperation = defineOperation({
  operationId: "getMailboxPerformance",
  method: "get",
  path: "/email-accounts/{id}/performance",
  summary: "Mailbox performance",
  description: [
    "The last `days` days (1 to 365, default 30, ending today in the mailbox's `timezone`): e-mails sent, replies and bounces, their change against the `days` days before (`deltas`), a daily series (with the day's opens and clicks), all-time totals and rates, the split per campaign, and the gateway `counters`.",
    "E-mails are counted per message; replies and bounces per lead (a lead who replied three times is one reply). A reply is the lead's e-mail into the mailbox, or a reply on another channel when the lead's latest campaign message was an e-mail of this mailbox. Rates divide by `contacted`, the distinct recipients e-mailed. A day's opens and clicks count the leads who opened or clicked one of the mailbox's e-mails that day (tracked e-mails only).",
  ].join("\n\n"),
  tags: ["Mailboxes"],
  params: ZMailboxIdParams,
  query: ZMailboxPerformanceQuery,
  response: dataEnvelope(ZMailboxPerformance),
  errors: ["not-found"],
});
