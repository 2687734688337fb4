// Voice notes spoken by OpenAI's speech endpoint or a compatible server (HERALD_SPEECH_PROVIDER=
// openai): POST {base}/audio/speech with the model, the text and one of OpenAI's built-in voices,
// MP3 back. OpenAI has no voice-listing endpoint; its documented voices are listed here.
import { AUDIO_MIME_TYPES, mediaTypeOfAnswer } from "../../schemas/media-types";
import { audioDurationMs } from "./audio-duration";
import { speechInputTooLong, speechProviderError } from "./provider-error";
import type { SpeechProvider, SpeechVoice } from "./types";

export const OPENAI_SPEECH_DEFAULT_MODEL = "gpt-4o-mini-tts";
/**
 * OpenAI's limit on the text of one request: "The maximum length is 4096 characters" (API reference,
 * Create speech: https://platform.openai.com/docs/api-reference/audio/createSpeech#audio-createspeech-input).
 */
export const OPENAI_SPEECH_INPUT_LIMIT = 4096;

/** The built-in voices every speech model speaks (tts-1 and tts-1-hd know only these). */
const CLASSIC_VOICES = ["alloy", "ash", "coral", "echo", "fable", "onyx", "nova", "sage", "shimmer"];
/** Voices only the gpt-4o speech models speak. */
const NEWER_VOICES = ["ballad", "verse", "marin", "cedar"];

export function openAiVoices(model: string): SpeechVoice[] {
  const ids = model.startsWith("tts-1") ? CLASSIC_VOICES : [...CLASSIC_VOICES, ...NEWER_VOICES];
  return ids.map((id) => ({ id, name: id[0]!.toUpperCase() + id.slice(1), language: null }));
}

export function createOpenAiSpeech(config: { baseUrl: string; apiKey?: string; model?: string; fetch?: typeof fetch; timeoutMs?: number }): SpeechProvider {
  const request = config.fetch ?? fetch;
  const model = config.model ?? OPENAI_SPEECH_DEFAULT_MODEL;
  const voices = openAiVoices(model);
  return {
    name: "openai",
    inputLimit: OPENAI_SPEECH_INPUT_LIMIT,
    async listVoices() {
      return voices;
    },
    defaultVoiceId() {
      return voices[0]!.id;
    },
    async synthesize({ text, voiceId }) {
      if (text.length > OPENAI_SPEECH_INPUT_LIMIT) throw speechInputTooLong(text.length, OPENAI_SPEECH_INPUT_LIMIT);
      const response = await request(`${config.baseUrl.replace(/\/$/, "")}/audio/speech`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
        body: JSON.stringify({ model, input: text, voice: voiceId, response_format: "mp3" }),
        signal: AbortSignal.timeout(config.timeoutMs ?? 60_000),
      });
      if (!response.ok) throw await speechProviderError("OpenAI", response);
      // OpenAI labels its MP3 audio/mpeg; a compatible server may answer application/octet-stream,
      // or anything: the answer is kept and served by Herald, so only a known audio type is taken.
      const mimeType = mediaTypeOfAnswer(response.headers.get("content-type"), AUDIO_MIME_TYPES) ?? "audio/mpeg";
      const audio = Buffer.from(await response.arrayBuffer());
      if (!audio.length) throw new Error("OpenAI answered with no audio");
      return { audio, mimeType, durationMs: await audioDurationMs(audio, mimeType) };
    },
  };
}
