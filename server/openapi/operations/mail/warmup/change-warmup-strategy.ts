import { ZUpdateWarmupInput, ZWarmupEnvelope } from "../../../../schemas/mailbox-health";
import { defineOperation } from "../../../../http/api-operation";
import { ZMailboxIdParams } from "../mailboxes/shared";
import { WARMUP_STRATEGY_TEXT } from "./shared";

export const changeWarmupStrategyOperation = defineOperation({
  operationId: "changeWarmupStrategy",
  method: "patch",
  path: "/email-accounts/{id}/warmup",
  summary: "Change the warmup strategy",
  description: [
    "Sets a `preset`, custom values (`startingVolume`, `dailyIncrease`, `targetVolume`, `replyInbox`, `replyPromotions`, `replySpam`) or both (the preset, then the values over it), and/or `holdOverride`. Values left out keep their current setting.",
    "**Before warmup starts** (`pending` or `stopped`) the strategy is stored only (`strategyApplied` false) and applied when warmup starts. **After**, only the values that changed are sent to the warmup network.",
    "**Rules**: `startingVolume`, `dailyIncrease` and `targetVolume` are whole numbers of at least 1; `targetVolume` is at least `startingVolume` and at most `limits.maxTarget`, and `dailyIncrease` at most `limits.maxTarget`; `replyInbox` and `replyPromotions` are `[min, max]` whole percentages from 0 to 100 with min ≤ max; `replySpam` a whole percentage from 0 to 100; `holdOverride` true or false; no other keys. Every problem is listed at once: 400 `invalid-strategy` with `details.errors` = `[{field, message}]`.",
    "**Starting volume** applies to warmup day 1 only: a different `startingVolume` from day 2 on is 409 `starting-volume-locked` (stop and start warmup again for a new ramp). A preset chosen from day 2 on keeps the warmup's starting volume and takes the preset's other values (shown as `custom` when the starting volumes differ).",
    WARMUP_STRATEGY_TEXT,
    "409 `warmup-unavailable` when the warmup network did not answer (nothing was changed; try again).",
  ].join("\n\n"),
  tags: ["Mailboxes"],
  params: ZMailboxIdParams,
  body: ZUpdateWarmupInput,
  response: ZWarmupEnvelope,
  errors: ["not-found", "invalid-strategy", "starting-volume-locked", "warmup-unavailable"],
});
