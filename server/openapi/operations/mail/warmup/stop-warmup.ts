import { ZWarmupEnvelope } from "../../../../schemas/mailbox-health";
import { defineOperation } from "../../../../http/api-operation";
import { ZMailboxIdParams } from "../mailboxes/shared";

export const stopWarmupOperation = defineOperation({
  operationId: "stopWarmup",
  method: "post",
  path: "/email-accounts/{id}/warmup/stop",
  summary: "Stop a mailbox's warmup for good",
  description: [
    "Cancels the warmup at its network: `status` `stopped`, the campaign hold lifted (`holdUntil` and `holdReason` null), the strategy kept but no longer applied (`strategyApplied` false). Start begins a new ramp at day 1. A `pending` or `stopped` warmup is left as it is. Returns the warmup envelope either way.",
    "Herald stops the warmup first, then cancels it at the network. When the network does not confirm the cancel, the warmup is `stopped` all the same (nothing is sent for the mailbox) with `error` saying so, and Herald cancels it again every few minutes until the network confirms.",
  ].join("\n\n"),
  tags: ["Mailboxes"],
  params: ZMailboxIdParams,
  response: ZWarmupEnvelope,
  errors: ["not-found"],
});
