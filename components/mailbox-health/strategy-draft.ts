// The custom warmup strategy as the form holds it (text, as typed) and the changes it sends: only
// the values that differ from the current strategy, numbers where a number was typed.
import type { TWarmupStrategy } from "@/server/schemas/mailbox-health";

export type Draft = Record<"startingVolume" | "dailyIncrease" | "targetVolume" | "replyInboxMin" | "replyInboxMax" | "replyPromotionsMin" | "replyPromotionsMax" | "replySpam", string>;

export function draftOf(strategy: TWarmupStrategy): Draft {
  return {
    startingVolume: String(strategy.startingVolume),
    dailyIncrease: String(strategy.dailyIncrease),
    targetVolume: String(strategy.targetVolume),
    replyInboxMin: String(strategy.replyInbox[0]),
    replyInboxMax: String(strategy.replyInbox[1]),
    replyPromotionsMin: String(strategy.replyPromotions[0]),
    replyPromotionsMax: String(strategy.replyPromotions[1]),
    replySpam: String(strategy.replySpam),
  };
}

/** A typed number as a number; anything else as typed, for the server to refuse by name. */
function numberOf(text: string): number | string {
  return /^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : text;
}

/** The custom values that differ from the current strategy: only those are sent. */
export function customChanges(draft: Draft, strategy: TWarmupStrategy): Record<string, unknown> {
  const next: Record<string, unknown> = {
    startingVolume: numberOf(draft.startingVolume),
    dailyIncrease: numberOf(draft.dailyIncrease),
    targetVolume: numberOf(draft.targetVolume),
    replyInbox: [numberOf(draft.replyInboxMin), numberOf(draft.replyInboxMax)],
    replyPromotions: [numberOf(draft.replyPromotionsMin), numberOf(draft.replyPromotionsMax)],
    replySpam: numberOf(draft.replySpam),
  };
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(strategy[key as keyof TWarmupStrategy])));
}
