// The installation's speech provider: the offline default (eSpeak NG in WebAssembly), ElevenLabs or
// OpenAI by configuration (HERALD_SPEECH_PROVIDER, HERALD_SPEECH_BASE_URL, HERALD_SPEECH_API_KEY,
// HERALD_SPEECH_MODEL; docs/voice-notes.md). server/env.ts refuses to start with a key missing.
import { env, type Env } from "../../env";
import { createElevenLabsSpeech, ELEVENLABS_BASE_URL } from "./elevenlabs-speech";
import { offlineSpeech } from "./offline-speech";
import { createOpenAiSpeech } from "./openai-speech";
import type { SpeechProvider } from "./types";

const slot: typeof globalThis & { __heraldSpeech?: SpeechProvider } = globalThis;

export const OPENAI_BASE_URL = "https://api.openai.com/v1";

export function speechProviderFromEnv(settings: Env): SpeechProvider {
  switch (settings.HERALD_SPEECH_PROVIDER) {
    case "elevenlabs":
      return createElevenLabsSpeech({
        apiKey: settings.HERALD_SPEECH_API_KEY!,
        baseUrl: settings.HERALD_SPEECH_BASE_URL ?? ELEVENLABS_BASE_URL,
        model: settings.HERALD_SPEECH_MODEL,
      });
    case "openai":
      // The reply classifier's OpenAI settings serve speech too unless speech has its own.
      return createOpenAiSpeech({
        baseUrl: settings.HERALD_SPEECH_BASE_URL ?? settings.HERALD_AI_BASE_URL ?? OPENAI_BASE_URL,
        apiKey: settings.HERALD_SPEECH_API_KEY ?? settings.HERALD_AI_API_KEY,
        model: settings.HERALD_SPEECH_MODEL,
      });
    default:
      return offlineSpeech;
  }
}

export function getSpeechProvider(): SpeechProvider {
  slot.__heraldSpeech ??= speechProviderFromEnv(env());
  return slot.__heraldSpeech;
}

export function setSpeechProvider(provider: SpeechProvider | undefined): void {
  slot.__heraldSpeech = provider;
}
