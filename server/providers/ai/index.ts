// The installation's reply classifier: offline rules by default, or an OpenAI-compatible model
// (HERALD_AI_PROVIDER=openai with HERALD_AI_BASE_URL, HERALD_AI_API_KEY and HERALD_AI_MODEL).
import { offlineClassifier } from "./offline-classifier";
import { createOpenAiClassifier } from "./openai-classifier";
import type { ReplyClassifier } from "./types";

const slot = globalThis as unknown as { __heraldClassifier?: ReplyClassifier };

export function getReplyClassifier(): ReplyClassifier {
  if (slot.__heraldClassifier) return slot.__heraldClassifier;
  if (process.env.HERALD_AI_PROVIDER === "openai") {
    const baseUrl = process.env.HERALD_AI_BASE_URL;
    if (!baseUrl) throw new Error("HERALD_AI_PROVIDER=openai needs HERALD_AI_BASE_URL (and HERALD_AI_MODEL, HERALD_AI_API_KEY)");
    slot.__heraldClassifier = createOpenAiClassifier({ baseUrl, apiKey: process.env.HERALD_AI_API_KEY, model: process.env.HERALD_AI_MODEL ?? "gpt-4o-mini" });
  } else {
    slot.__heraldClassifier = offlineClassifier;
  }
  return slot.__heraldClassifier;
}

export function setReplyClassifier(classifier: ReplyClassifier | undefined): void {
  slot.__heraldClassifier = classifier;
}
