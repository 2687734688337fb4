import { ZWarmupEnvelope } from "../../../../schemas/mailbox-health";
import { defineOperation } from "../../../../http/api-operation";
import { ZMailboxIdParams } from "../mailboxes/shared";
import { WARMUP_STRATEGY_TEXT, WARMUP_VALUES_TEXT } from "./shared";

export const getWarmupOperation = defineOperation({
  operationId: "getWarmup",
  method: "get",
  path: "/email-accounts/{id}/warmup",
  summary: "Get a mailbox's warmup",
  description: [
    "The mailbox's warmup (also in the Mailbox resource's `warmup`), whether it can run (`available`: the mailbox is connected and the workspace's email channel is on) and its `limits`. A mailbox that never had warmup shows `pending` with the `conservative` preset, not yet applied.",
    WARMUP_VALUES_TEXT,
    WARMUP_STRATEGY_TEXT,
  ].join("\n\n"),
  tags: ["Mailboxes"],
  params: ZMailboxIdParams,
  response: ZWarmupEnvelope,
  errors: ["not-found"],
});
