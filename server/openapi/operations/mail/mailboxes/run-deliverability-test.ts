import { dataEnvelope } from "../../../../schemas/common";
import { ZMailbox } from "../../../../schemas/mailbox";
import { defineOperation } from "../../../../http/api-operation";
import { ZMailboxIdParams } from "./shared";

export const runDeliverabilityTestOperation = defineOperation({
  operationId: "runDeliverabilityTest",
  method: "post",
  path: "/email-accounts/{id}/deliverability-test",
  summary: "Run a deliverability test",
  description: [
    "Sends one ordinary e-mail from the mailbox to a seed inbox (the installation's HERALD_SEED_INBOXES for a real mailbox, the sandbox network's seed for a sandbox one) and reads it back.",
    "Answers 202 with the mailbox, whose `deliverabilityTest` is `running`; the results appear in the same `deliverabilityTest` (GET /email-accounts/{id}) within a few minutes: `landing` (`inbox`, `spam`, `promotions`, or `not-arrived` when the e-mail was not at the seed 10 minutes after sending), `spf`, `dkim` {result, selector} and `dmarc` as the receiver saw them, `crossCheck` (Herald's own check of the received message), `sendingIp` and `blocklists` {ip, domain}; `failed` with `failure` `send` when the mailbox could not send it.",
    "Limits: one test at a time per mailbox (409 `test-running`) and 10 per mailbox in any 24 hours (429 `rate-limited`, with Retry-After: the seconds until the oldest of those 10 is 24 hours old).",
    "409 `mailbox-not-ready` when the mailbox is not connected; 409 `provider-not-configured` when a real mailbox is tested and no seed inboxes are set up (HERALD_SEED_INBOXES), or the installation has no job runner; 503 `unavailable` when the job runner cannot be reached (try again).",
  ].join("\n\n"),
  tags: ["Mailboxes"],
  params: ZMailboxIdParams,
  response: dataEnvelope(ZMailbox),
  successStatus: 202,
  errors: ["not-found", "mailbox-not-ready", "test-running", "provider-not-configured", "unavailable"],
});
