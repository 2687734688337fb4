import { z } from "zod";
import { dataEnvelope } from "../../../../schemas/common";
import { ZWarmupHistoryDay } from "../../../../schemas/mailbox-health";
import { defineOperation } from "../../../../http/api-operation";
import { ZMailboxIdParams } from "../mailboxes/shared";

const DAYS_MESSAGE = "must be a whole number from 1 to 365";

export const ZWarmupHistoryQuery = z.object({
  days: z.coerce
    .number({ message: DAYS_MESSAGE })
    .int(DAYS_MESSAGE)
    .min(1, DAYS_MESSAGE)
    .max(365, DAYS_MESSAGE)
    .default(30)
    .meta({ description: "How many days, ending today (in the mailbox's timezone)", example: 30 }),
});

export const getWarmupHistoryOperation = defineOperation({
  operationId: "getWarmupHistory",
  method: "get",
  path: "/email-accounts/{id}/warmup/history",
  summary: "A mailbox's warmup days",
  description:
    "The current warmup's days within the last `days` (1 to 365, default 30), oldest first, for charts: the ramp's volume (`planned`), warmup e-mails sent, where they landed (`inbox`, `spam`, `promotions`), warmup e-mails received, replied to and rescued from spam or Promotions, and the day's `healthScore`. Days before warmup started are left out; a day without a record (paused, not yet run) shows zeros. Empty when warmup never started.",
  tags: ["Mailboxes"],
  params: ZMailboxIdParams,
  query: ZWarmupHistoryQuery,
  response: dataEnvelope(z.array(ZWarmupHistoryDay)),
  errors: ["not-found"],
});
