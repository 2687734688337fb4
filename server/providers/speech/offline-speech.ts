// The offline speech default: eSpeak NG compiled to WebAssembly (npm `espeak-ng`, GPL-3.0), run
// in-process. No key, no network, no system package; robotic next to a neural voice, but the demo
// and a locked-down installation get real, playable voice notes. Output: 16-bit mono WAV, 22,050 Hz.
import type { SpeechProvider, SpeechVoice } from "./types";

/** eSpeak voices offered to senders: a language and a voice variant each. */
const VOICES: SpeechVoice[] = [
  { id: "en-us+m3", name: "English (US), male", language: "en-US" },
  { id: "en-us+f3", name: "English (US), female", language: "en-US" },
  { id: "en-gb+m3", name: "English (UK), male", language: "en-GB" },
  { id: "en-gb+f3", name: "English (UK), female", language: "en-GB" },
  { id: "de+m3", name: "German, male", language: "de" },
  { id: "fr+f3", name: "French, female", language: "fr" },
  { id: "es+m3", name: "Spanish, male", language: "es" },
  { id: "it+f3", name: "Italian, female", language: "it" },
  { id: "nl+m3", name: "Dutch, male", language: "nl" },
  { id: "pt-br+f3", name: "Portuguese (Brazil), female", language: "pt-BR" },
];

/** The duration of a PCM WAV file, from its header (byte rate) and its data chunk's size. */
export function wavDurationMs(wav: Buffer): number {
  if (wav.length < 44 || wav.toString("ascii", 0, 4) !== "RIFF" || wav.toString("ascii", 8, 12) !== "WAVE") throw new Error("Not a WAV file");
  const byteRate = wav.readUInt32LE(28);
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString("ascii", offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === "data") return Math.round((Math.min(size, wav.length - offset - 8) / byteRate) * 1000);
    offset += 8 + size + (size % 2);
  }
  throw new Error("The WAV file has no data chunk");
}

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
    const module = await ESpeakNg({ arguments: ["-w", "voice.wav", "-v", voice, spoken], print: () => {}, printErr: (line) => errors.push(line) });
    const audio = Buffer.from(module.FS.readFile("voice.wav"));
    if (audio.length <= 44) throw new Error(`eSpeak produced no audio${errors.length ? `: ${errors.join(" ")}` : ""}`);
    return { audio, mimeType: "audio/wav", durationMs: wavDurationMs(audio) };
  },
};
