// How long a provider's audio plays, read from the audio itself (frame headers for MP3, the header
// and data chunk for WAV) rather than trusted from a provider's metadata or guessed from the text.
import { wavDurationMs } from "./wav";

export async function audioDurationMs(audio: Buffer, mimeType: string): Promise<number> {
  const type = mimeType.split(";")[0]!.trim().toLowerCase();
  if (type === "audio/wav" || type === "audio/x-wav" || type === "audio/wave") return wavDurationMs(audio);
  const { parseBuffer } = await import("music-metadata");
  const metadata = await parseBuffer(audio, { mimeType: type, size: audio.length }, { duration: true, skipCovers: true });
  const seconds = metadata.format.duration;
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) throw new Error(`The speech provider's audio (${type}, ${audio.length} bytes) has no readable duration`);
  return Math.round(seconds * 1000);
}
