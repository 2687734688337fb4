// The length of an audio file, read from the audio itself (WAV, MP3, Ogg, WebM, MP4…).
import { parseBuffer } from "music-metadata";

/** Milliseconds, or null when the file does not say (a browser's WebM recording) or is not audio Herald can read. */
export async function readAudioDurationMs(body: Buffer, mimeType: string): Promise<number | null> {
  try {
    const metadata = await parseBuffer(body, { mimeType, size: body.length }, { duration: true, skipCovers: true });
    const seconds = metadata.format.duration;
    return seconds && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null;
  } catch {
    return null;
  }
}
