// Voice notes spoken by ElevenLabs (HERALD_SPEECH_PROVIDER=elevenlabs): its text-to-speech endpoint
// POST /v1/text-to-speech/{voice_id} (key in the xi-api-key header, MP3 back), and the account's
// voices from GET /v1/voices, premade and cloned alike, so a sender can speak in their own voice.
import { AUDIO_MIME_TYPES, mediaTypeOfAnswer } from "../../schemas/media-types";
import { audioDurationMs } from "./audio-duration";
import { speechInputTooLong, speechProviderError } from "./provider-error";
import type { SpeechProvider, SpeechVoice } from "./types";

export const ELEVENLABS_BASE_URL = "https://api.elevenlabs.io";
export const ELEVENLABS_DEFAULT_MODEL = "eleven_multilingual_v2";

/**
 * Characters one text-to-speech request takes, by model, as ElevenLabs' help centre lists them
 * ("What's the maximum amount of characters and text I can generate?"). A model it does not list
 * has no limit here: ElevenLabs' own refusal then stands.
 */
const INPUT_LIMITS: Record<string, number> = {
  eleven_flash_v2_5: 40_000,
  eleven_turbo_v2_5: 40_000,
  eleven_flash_v2: 30_000,
  eleven_turbo_v2: 30_000,
  eleven_multilingual_v2: 10_000,
  eleven_multilingual_v1: 10_000,
  eleven_monolingual_v1: 10_000,
  eleven_english_v2: 10_000,
};

export function elevenLabsInputLimit(model: string): number | undefined {
  return INPUT_LIMITS[model];
}
/** "Rachel", a premade voice, until the account's own list has been read. */
const FALLBACK_VOICE_ID = "21m00Tcm4TlvDq8ikWAM";
/** The voice list changes when someone adds a voice in ElevenLabs; re-read it every few minutes. */
const VOICES_TTL_MS = 5 * 60 * 1000;

interface ElevenLabsVoice {
  voice_id: string;
  name?: string;
  labels?: Record<string, string | undefined> | null;
}

function toVoice(voice: ElevenLabsVoice): SpeechVoice {
  const labels = voice.labels ?? {};
  const traits = [labels.accent, labels.gender].filter((value): value is string => Boolean(value && value.trim()));
  const name = voice.name?.trim() || voice.voice_id;
  return { id: voice.voice_id, name: traits.length ? `${name} (${traits.join(", ")})` : name, language: labels.language?.trim() || null };
}

export function createElevenLabsSpeech(config: { apiKey: string; baseUrl?: string; model?: string; fetch?: typeof fetch; timeoutMs?: number; clock?: () => number }): SpeechProvider {
  const request = config.fetch ?? fetch;
  const base = (config.baseUrl ?? ELEVENLABS_BASE_URL).replace(/\/$/, "");
  const clock = config.clock ?? (() => performance.now());
  let cached: { voices: SpeechVoice[]; at: number } | null = null;
  const headers = { "xi-api-key": config.apiKey };
  const model = config.model ?? ELEVENLABS_DEFAULT_MODEL;
  const inputLimit = elevenLabsInputLimit(model);

  return {
    name: "elevenlabs",
    inputLimit,
    async listVoices() {
      if (cached && clock() - cached.at < VOICES_TTL_MS) return cached.voices;
      const response = await request(`${base}/v1/voices`, { headers: { ...headers, accept: "application/json" }, signal: AbortSignal.timeout(config.timeoutMs ?? 20_000) });
      if (!response.ok) throw await speechProviderError("ElevenLabs", response);
      const body = (await response.json()) as { voices?: ElevenLabsVoice[] };
      const voices = (body.voices ?? []).filter((voice) => typeof voice.voice_id === "string" && voice.voice_id).map(toVoice);
      cached = { voices, at: clock() };
      return voices;
    },
    defaultVoiceId() {
      return cached?.voices[0]?.id ?? FALLBACK_VOICE_ID;
    },
    async synthesize({ text, voiceId }) {
      if (inputLimit !== undefined && text.length > inputLimit) throw speechInputTooLong(text.length, inputLimit);
      const response = await request(`${base}/v1/text-to-speech/${encodeURIComponent(voiceId)}?output_format=mp3_44100_128`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", accept: "audio/mpeg" },
        body: JSON.stringify({ text, model_id: model }),
        signal: AbortSignal.timeout(config.timeoutMs ?? 60_000),
      });
      if (!response.ok) throw await speechProviderError("ElevenLabs", response);
      // Only a known audio type is taken from the answer: the audio is kept and served by Herald.
      const mimeType = mediaTypeOfAnswer(response.headers.get("content-type"), AUDIO_MIME_TYPES) ?? "audio/mpeg";
      const audio = Buffer.from(await response.arrayBuffer());
      if (!audio.length) throw new Error("ElevenLabs answered with no audio");
      return { audio, mimeType, durationMs: await audioDurationMs(audio, mimeType) };
    },
  };
}
