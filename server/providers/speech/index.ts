// The installation's speech provider: the offline default (eSpeak NG in WebAssembly), ElevenLabs or
// OpenAI by configuration (HERALD_SPEECH_PROVIDER; docs/voice-notes.md).
import { offlineSpeech } from "./offline-speech";
import type { SpeechProvider } from "./types";

const slot: typeof globalThis & { __heraldSpeech?: SpeechProvider } = globalThis;

export function getSpeechProvider(): SpeechProvider {
  if (slot.__heraldSpeech) return slot.__heraldSpeech;
  slot.__heraldSpeech = offlineSpeech;
  return slot.__heraldSpeech;
}

export function setSpeechProvider(provider: SpeechProvider | undefined): void {
  slot.__heraldSpeech = provider;
}
