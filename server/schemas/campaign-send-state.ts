// Why a campaign's due leads may not move right now: its schedule, its senders' caps and rests (the
// dashboard's campaign page, from the executor's own rules; not in the API).
import { z } from "zod";
import { ZTimestamp } from "./common";

export const ZSenderCap = z.object({
  stepType: z.string().meta({ description: "The step kind the sender may not take now (`invite`, `message`…)" }),
  limit: z.enum(["daily", "weekly"]),
  resetsAt: ZTimestamp.meta({ description: "When the count starts again: the sender's next midnight, or the start of its next week" }),
});
export type TSenderCap = z.infer<typeof ZSenderCap>;

export const ZSenderSendState = z.object({
  id: z.string(),
  timezone: z.string(),
  capped: z.array(ZSenderCap),
  nextActionAt: ZTimestamp.nullable().meta({ description: "The human-like pause after its last action ends then" }),
  cooldownUntil: ZTimestamp.nullable().meta({ description: "LinkedIn throttled the sender: it rests until then" }),
});
export type TSenderSendState = z.infer<typeof ZSenderSendState>;

export const ZCampaignSendState = z.object({
  at: ZTimestamp,
  status: z.string(),
  timezone: z.string(),
  windowOpen: z.boolean().meta({ description: "Whether the campaign's schedule lets it act now" }),
  nextWindowOpensAt: ZTimestamp.nullable().meta({ description: "When the schedule opens next (now, if open); null once it never opens again" }),
  senders: z.array(ZSenderSendState),
});
export type TCampaignSendState = z.infer<typeof ZCampaignSendState>;
