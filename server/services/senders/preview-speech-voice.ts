// A short sample of a voice, so a person picks a sender's voice by ear. Free (no AI credits): one
// fixed sentence per voice, spoken once and kept in file storage, so listening again costs the
// provider nothing; a new sample is spoken at most once per 5 seconds per person.
import { createHash } from "node:crypto";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { logger } from "../../lib/logger";
import { signedFileUrl } from "../../lib/signed-file-url";
import { getSpeechProvider } from "../../providers/speech";
import { getFileStorage } from "../../providers/storage";
import { assertSpeechVoice } from "./list-speech-voices";

export const VOICE_SAMPLE_TEXT = "Hi, thanks for connecting. This is how my voice notes will sound.";
const SAMPLE_INTERVAL_MS = 5_000;
const EXTENSIONS: Record<string, string> = { "audio/wav": "wav", "audio/mpeg": "mp3" };

/** When each person last had a sample spoken. In-process: a bound on cost, not a security rule. */
const lastSpoken = new Map<string, number>();

export interface VoiceSample {
  url: string;
  mimeType: string;
}

export async function previewSpeechVoice(actor: Actor, voiceId: string): Promise<VoiceSample> {
  await assertSpeechVoice(actor, voiceId);
  const speech = getSpeechProvider();
  const storage = getFileStorage();
  const stem = `voice-samples/${speech.name}/${createHash("sha256").update(`${voiceId}\u0000${VOICE_SAMPLE_TEXT}`).digest("hex").slice(0, 32)}`;
  for (const [mimeType, extension] of Object.entries(EXTENSIONS)) {
    const key = `${stem}.${extension}`;
    if (await storage.get(key)) return { url: signedFileUrl(key).url, mimeType };
  }
  const at = now().getTime();
  const previous = lastSpoken.get(actor.userId);
  if (previous !== undefined && at - previous < SAMPLE_INTERVAL_MS) {
    const seconds = Math.ceil((SAMPLE_INTERVAL_MS - (at - previous)) / 1000);
    throw new HeraldError({ code: "rate-limited", message: `One new voice sample every 5 seconds: try again in ${seconds} s.`, retryAfterSeconds: seconds });
  }
  lastSpoken.set(actor.userId, at);
  let spoken;
  try {
    spoken = await speech.synthesize({ text: VOICE_SAMPLE_TEXT, voiceId });
  } catch (error) {
    logger.warn("Speaking a voice sample failed", { provider: speech.name, voiceId, error });
    throw new HeraldError({ code: "unavailable", message: "The speech provider could not speak the sample just now; try again in a moment." });
  }
  const key = `${stem}.${EXTENSIONS[spoken.mimeType] ?? "bin"}`;
  await storage.put(key, spoken.audio, spoken.mimeType);
  return { url: signedFileUrl(key).url, mimeType: spoken.mimeType };
}
