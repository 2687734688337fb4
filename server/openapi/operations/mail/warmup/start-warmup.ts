import { ZWarmupEnvelope } from "../../../../schemas/mailbox-health";
import { defineOperation } from "../../../../http/api-operation";
import { ZMailboxIdParams } from "../mailboxes/shared";
import { WARMUP_ERRORS_TEXT, WARMUP_VALUES_TEXT } from "./shared";

export const startWarmupOperation = defineOperation({
  operationId: "startWarmup",
  method: "post",
  path: "/email-accounts/{id}/warmup/start",
  summary: "Start a mailbox's warmup",
  description: [
    "Enrolls the mailbox at its warmup network with the stored strategy (`strategyApplied` becomes true) and starts the ramp: `status` `warming`, `day` 1, campaigns held until `holdUntil` (`holdReason` `warming`). A `stopped` warmup starts again at day 1 with a new enrolment. Already `warming`, `warm` or `paused`: nothing changes (resume a paused one). Returns the warmup envelope either way.",
    WARMUP_ERRORS_TEXT,
    WARMUP_VALUES_TEXT,
  ].join("\n\n"),
  tags: ["Mailboxes"],
  params: ZMailboxIdParams,
  response: ZWarmupEnvelope,
  errors: ["not-found", "warmup-unavailable"],
});
