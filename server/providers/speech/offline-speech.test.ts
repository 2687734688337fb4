// The offline default: eSpeak NG in WebAssembly produces real, playable WAV audio of a length that
// fits the words spoken, in every offered voice, for short and long scripts alike.
import { describe, expect, it } from "vitest";
import { offlineSpeech } from "./offline-speech";
import { wavDurationMs } from "./wav";

function wavFormat(wav: Buffer) {
  expect(wav.toString("ascii", 0, 4)).toBe("RIFF");
  expect(wav.toString("ascii", 8, 12)).toBe("WAVE");
  expect(wav.toString("ascii", 12, 16)).toBe("fmt ");
  return { format: wav.readUInt16LE(20), channels: wav.readUInt16LE(22), sampleRate: wav.readUInt32LE(24), bitsPerSample: wav.readUInt16LE(34) };
}

/** Share of samples that are not near silence: real speech, not a header over zeros. */
function voicedShare(wav: Buffer): number {
  let loud = 0;
  const samples = (wav.length - 44) / 2;
  for (let offset = 44; offset + 1 < wav.length; offset += 2) if (Math.abs(wav.readInt16LE(offset)) > 500) loud += 1;
  return loud / samples;
}

const SCRIPT = "Hi Ada, thanks for connecting. I saw your post about structured interviews and wanted to say hello.";
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe("the offline speech default", () => {
  it("speaks a script as 16-bit mono PCM WAV whose duration fits the words (2 to 5 words a second)", async () => {
    const spoken = await offlineSpeech.synthesize({ text: SCRIPT, voiceId: offlineSpeech.defaultVoiceId() });
    expect(spoken.mimeType).toBe("audio/wav");
    expect(wavFormat(spoken.audio)).toEqual({ format: 1, channels: 1, sampleRate: 22050, bitsPerSample: 16 });
    expect(spoken.durationMs).toBe(wavDurationMs(spoken.audio));
    expect(spoken.durationMs).toBe(Math.round(((spoken.audio.length - 44) / (22050 * 2)) * 1000));
    const seconds = spoken.durationMs / 1000;
    expect(words(SCRIPT) / seconds).toBeGreaterThanOrEqual(2);
    expect(words(SCRIPT) / seconds).toBeLessThanOrEqual(5);
    expect(voicedShare(spoken.audio)).toBeGreaterThan(0.2);
  });

  it("speaks in every voice it offers, each differently", async () => {
    const voices = await offlineSpeech.listVoices();
    expect(voices.length).toBeGreaterThanOrEqual(4);
    expect(voices.map((voice) => voice.id)).toContain(offlineSpeech.defaultVoiceId());
    const english = voices.filter((voice) => voice.language?.startsWith("en"));
    const outputs = await Promise.all(english.map((voice) => offlineSpeech.synthesize({ text: "Hello there, nice to meet you.", voiceId: voice.id })));
    for (const output of outputs) expect(output.durationMs).toBeGreaterThan(700);
    expect(new Set(outputs.map((output) => output.audio.toString("base64"))).size).toBe(english.length);
    const german = await offlineSpeech.synthesize({ text: "Guten Tag, schön Sie kennenzulernen.", voiceId: "de+m3" });
    expect(german.durationMs).toBeGreaterThan(700);
  });

  it("speaks an unknown voice in the default voice rather than failing", async () => {
    const unknown = await offlineSpeech.synthesize({ text: "Hello", voiceId: "no-such-voice" });
    const fallback = await offlineSpeech.synthesize({ text: "Hello", voiceId: offlineSpeech.defaultVoiceId() });
    expect(unknown.audio.equals(fallback.audio)).toBe(true);
  });

  it("speaks a long script in full", async () => {
    const long = Array.from({ length: 12 }, () => SCRIPT).join(" ");
    const spoken = await offlineSpeech.synthesize({ text: long, voiceId: "en+f3" });
    const rate = words(long) / (spoken.durationMs / 1000);
    expect(rate).toBeGreaterThanOrEqual(2);
    expect(rate).toBeLessThanOrEqual(5);
    expect(spoken.durationMs).toBeGreaterThan(60_000);
  }, 60_000);

  it("speaks text that starts with a dash instead of reading it as an option", async () => {
    const spoken = await offlineSpeech.synthesize({ text: "-v quick note: hello from Grace", voiceId: "en-us+m3" });
    expect(spoken.durationMs).toBeGreaterThan(800);
    expect(voicedShare(spoken.audio)).toBeGreaterThan(0.2);
  });
});
