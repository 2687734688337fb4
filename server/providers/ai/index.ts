// The installation's reply classifier and comment drafter: offline rules and templates by default,
// or an OpenAI-compatible model (HERALD_AI_PROVIDER=openai with HERALD_AI_BASE_URL, HERALD_AI_API_KEY
// and HERALD_AI_MODEL).
import { env, type Env } from "../../env";
import { offlineClassifier } from "./offline-classifier";
import { createOpenAiClassifier } from "./openai-classifier";
import { offlineTextGenerator } from "./offline-text-generator";
import { createOpenAiTextGenerator } from "./openai-text-generator";
import type { ReplyClassifier, TextGenerator } from "./types";

const slot: typeof globalThis & { __heraldClassifier?: ReplyClassifier } = globalThis;

export function getReplyClassifier(): ReplyClassifier {
  if (slot.__heraldClassifier) return slot.__heraldClassifier;
  const settings = env();
  if (settings.HERALD_AI_PROVIDER === "openai" && settings.HERALD_AI_BASE_URL) {
    slot.__heraldClassifier = createOpenAiClassifier({
      baseUrl: settings.HERALD_AI_BASE_URL,
      apiKey: settings.HERALD_AI_API_KEY,
      model: settings.HERALD_AI_MODEL,
    });
  } else {
    slot.__heraldClassifier = offlineClassifier;
  }
  return slot.__heraldClassifier;
}

export function setReplyClassifier(classifier: ReplyClassifier | undefined): void {
  slot.__heraldClassifier = classifier;
}

const generatorSlot: typeof globalThis & { __heraldTextGenerator?: TextGenerator } = globalThis;

export function textGeneratorFromEnv(settings: Env): TextGenerator {
  if (settings.HERALD_AI_PROVIDER === "openai" && settings.HERALD_AI_BASE_URL) {
    return createOpenAiTextGenerator({ baseUrl: settings.HERALD_AI_BASE_URL, apiKey: settings.HERALD_AI_API_KEY, model: settings.HERALD_AI_MODEL });
  }
  return offlineTextGenerator;
}

/** The installation's drafting model: offline templates by default, an OpenAI-compatible model by configuration. */
export function getTextGenerator(): TextGenerator {
  generatorSlot.__heraldTextGenerator ??= textGeneratorFromEnv(env());
  return generatorSlot.__heraldTextGenerator;
}

export function setTextGenerator(generator: TextGenerator | undefined): void {
  generatorSlot.__heraldTextGenerator = generator;
}
