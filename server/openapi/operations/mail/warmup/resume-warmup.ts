import { ZWarmupEnvelope } from "../../../../schemas/mailbox-health";
import { defineOperation } from "../../../../http/api-operation";
import { ZMailboxIdParams } from "../mailboxes/shared";
import { WARMUP_ERRORS_TEXT } from "./shared";

export const resumeWarmupOperation = defineOperation({
  operationId: "resumeWarmup",
  method: "post",
  path: "/email-accounts/{id}/warmup/resume",
  summary: "Resume a paused warmup",
  description: [
    "A `paused` warmup is resumed at its network and continues at the same `day` (the paused days do not count): `status` `warming`, `error` cleared. Any other status: a no-op. Returns the warmup envelope either way.",
    WARMUP_ERRORS_TEXT,
  ].join("\n\n"),
  tags: ["Mailboxes"],
  params: ZMailboxIdParams,
  response: ZWarmupEnvelope,
  errors: ["not-found", "warmup-unavailable"],
});
