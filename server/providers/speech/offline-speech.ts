// The offline speech default: eSpeak NG compiled to WebAssembly (npm `espeak-ng`, GPL-3.0), run
// in-process. No key, no network, no system package; robotic next to a neural voice, but the demo
// and a locked-down installation get real, playable voice notes. Output: 16-bit mono WAV, 22,050 Hz.
import type { SpeechProvider, SpeechVoice } from "./types";
import { wavDurationMs } from "./wav";

export { wavDurationMs };

/**
 * eSpeak voices offered to senders: a language and a voice variant each. British English is
 * `en` (eSpeak's own name for it): with `en-gb`, this build ignores the variant, and the male
 * and female voices came out the same.
 */
const VOICES: SpeechVoice[] = [
  { id: "en-us+m3", name: "English (US), male", language: "en-US" },
  { id: "en-us+f3", name: "English (US), female", language: "en-US" },
  { id: "en+m3", name: "English (UK), male", language: "en-GB" },
  { id: "en+f3", name: "English (UK), female", language: "en-GB" },
  { id: "de+m3", name: "German, male", language: "de" },
  { id: "fr+f3", name: "French, female", language: "fr" },
  { id: "es+m3", name: "Spanish, male", language: "es" },
  { id: "it+f3", name: "Italian, female", language: "it" },
  { id: "nl+m3", name: "Dutch, male", language: "nl" },
  { id: "pt-br+f3", name: "Portuguese (Brazil), female", language: "pt-BR" },
];

export const offlineSpeech: SpeechProvider = {
  name: "offline",
  async listVoices() {
    return VOICES;
  },
  defaultVoiceId() {
    return VOICES[0]!.id;
  },
  async synthesize({ text, voiceId }) {
    const voice = VOICES.some((candidate) => candidate.id === voiceId) ? voiceId : VOICES[0]!.id;
    const { default: ESpeakNg } = await import("espeak-ng");
    // eSpeak reads text as an argument: a leading "-" would be taken for an option.
    const spoken = text.replace(/\s+/g, " ").trim().replace(/^-+/, "");
    const errors: string[] = [];
    const engine = await ESpeakNg({ arguments: ["-w", "voice.wav", "-v", voice, spoken], print: () => {}, printErr: (line) => errors.push(line) });
    const audio = Buffer.from(engine.FS.readFile("voice.wav"));
    if (audio.length <= 44) throw new Error(`eSpeak produced no audio${errors.length ? `: ${errors.join(" ")}` : ""}`);
    return { audio, mimeType: "audio/wav", durationMs: wavDurationMs(audio) };
  },
};
