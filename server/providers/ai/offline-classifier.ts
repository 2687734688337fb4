// The offline default: phrase rules that read the common answers to outreach. No network, no cost
// beyond the credit; a model does better on unusual wording (see openai-classifier.ts).
import type { Interest, ReplyClassifier } from "./types";

const NOT_INTERESTED = [
  /\bnot (really )?interested\b/,
  /\bno,? thanks?\b/,
  /\bno thank you\b/,
  /\bremove me\b/,
  /\bunsubscribe\b/,
  /\bstop (messaging|contacting|emailing)\b/,
  /\bdon'?t (contact|message|email) me\b/,
  /\bnot (a )?(good )?fit\b/,
  /\bnot at (the|this) moment\b/,
  /\bwe('re| are) (all )?set\b/,
  /\bno need\b/,
];

const INTERESTED = [
  /\binterested\b/,
  /\blet'?s (talk|chat|connect|meet|schedule|set up)\b/,
  /\b(book|schedule|set up) (a )?(call|meeting|demo|time)\b/,
  /\bsounds (good|great|interesting)\b/,
  /\btell me more\b/,
  /\bsend (me )?(more )?(details|info|information)\b/,
  /\bhappy to (talk|chat|connect|meet)\b/,
  /\bwhen are you (free|available)\b/,
  /\bnext week\b/,
  /\bcall\b.*\?/,
];

export function classifyOffline(text: string): Interest | null {
  const normalized = text.toLowerCase().replace(/\s+/g, " ").trim();
  if (!normalized) return null;
  if (NOT_INTERESTED.some((pattern) => pattern.test(normalized))) return "not_interested";
  if (INTERESTED.some((pattern) => pattern.test(normalized))) return "interested";
  return "neutral";
}

export const offlineClassifier: ReplyClassifier = {
  name: "offline",
  classify: async (text) => classifyOffline(text),
};
