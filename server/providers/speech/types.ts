// Text-to-speech for AI voice notes. Services depend on this interface only; the installation picks
// the implementation (HERALD_SPEECH_PROVIDER): the offline default (eSpeak NG compiled to
// WebAssembly, no key and no system package), ElevenLabs, or OpenAI's speech endpoint.

export interface SpeechVoice {
  /** The provider's voice id; what a sender's `voiceId` holds. */
  id: string;
  /** A name a person recognises ("Rachel", "English (US), male"). */
  name: string;
  /** BCP 47 language tag when the provider says (en-US), else null. */
  language: string | null;
}

export interface SpokenAudio {
  audio: Buffer;
  /** audio/wav, audio/mpeg… */
  mimeType: string;
  durationMs: number;
}

export interface SpeechProvider {
  readonly name: "offline" | "elevenlabs" | "openai";
  listVoices(): Promise<SpeechVoice[]>;
  /** The most characters one request may speak, when the provider documents a limit. */
  readonly inputLimit?: number;
  /** The voice used when a sender chose none. */
  defaultVoiceId(): string;
  /**
   * Speaks `text` in the voice. Throws when the provider fails (the caller refunds the credits); a
   * text over `inputLimit` is refused before any call with `speechInputTooLong`'s error.
   */
  synthesize(input: { text: string; voiceId: string }): Promise<SpokenAudio>;
}
