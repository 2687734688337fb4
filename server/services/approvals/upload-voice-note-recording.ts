// Replaces a pending voice note's audio with a person's own recording (the browser's MediaRecorder,
// or a file); it stays pending and spends no credits. The recording must be audio Herald can read:
// its length is read from it (the recorder's own measure when the file does not say, as WebM from a
// browser often does not). Bad audio is a 400 naming the field.
import { parseBuffer } from "music-metadata";
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import { parseInput } from "../../lib/zod-issues";
import { getFileStorage } from "../../providers/storage";
import { VOICE_RECORDING_MAX_BYTES, ZUploadVoiceRecordingInput, type TPendingVoiceNote } from "../../schemas/approvals";
import { audioKey } from "../campaigns/drafts/speak-voice-note";
import { alreadyDecided, requirePending } from "./decide-draft";
import { getPendingVoiceNote } from "./get-pending-voice-note";
import { replaceVoiceNoteAudio } from "./replace-voice-note-audio";

const MIN_MS = 500;
const MAX_MS = 300_000;

const badAudio = (message: string) => HeraldError.invalidInput(`The recording ${message}.`, [{ field: "audio", message }]);

/** The recording's bytes from base64 (a data: address's prefix is allowed). */
function decodeRecording(audio: string): Buffer {
  const base64 = audio.replace(/^data:[^,]*;base64,/, "").replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) throw badAudio("is not base64");
  // Checked before decoding, so an oversized body is refused without holding it twice.
  if (Math.floor((base64.length * 3) / 4) > VOICE_RECORDING_MAX_BYTES + 2) throw badAudio(`must be at most ${VOICE_RECORDING_MAX_BYTES / 1024 / 1024} MB`);
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length > VOICE_RECORDING_MAX_BYTES) throw badAudio(`must be at most ${VOICE_RECORDING_MAX_BYTES / 1024 / 1024} MB`);
  if (!bytes.length) throw badAudio("is empty");
  return bytes;
}

/**
 * The audio container the bytes begin with, or null: WebM/Matroska, Ogg, WAV, MP3 (ID3 tag or a
 * frame sync), MP4/M4A. What a recorder or an audio file starts with, whatever its length.
 */
function audioContainer(bytes: Buffer): string | null {
  if (bytes.length < 12) return null;
  if (bytes.readUInt32BE(0) === 0x1a45dfa3) return "webm";
  if (bytes.toString("latin1", 0, 4) === "OggS") return "ogg";
  if (bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WAVE") return "wav";
  if (bytes.toString("latin1", 0, 3) === "ID3" || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0)) return "mp3";
  if (bytes.toString("latin1", 4, 8) === "ftyp") return "mp4";
  return null;
}

/**
 * How long the recording lasts: read from the file, or else as measured by the recorder. A
 * browser's MediaRecorder writes WebM whose length is unknown when it starts (and which the
 * metadata reader cannot walk), so a recognised container without a readable length takes
 * `durationMs`; bytes that are no audio container at all are refused.
 */
async function recordingDurationMs(bytes: Buffer, mimeType: string, measured: number | undefined): Promise<number> {
  if (!audioContainer(bytes)) throw badAudio("is not audio Herald can read (send WebM, Ogg, MP4, MP3 or WAV)");
  let seconds: number | undefined;
  try {
    seconds = (await parseBuffer(bytes, { mimeType, size: bytes.length }, { duration: true, skipCovers: true })).format.duration;
  } catch {
    seconds = undefined;
  }
  const durationMs = seconds && Number.isFinite(seconds) ? Math.round(seconds * 1000) : measured;
  if (durationMs === undefined) {
    throw HeraldError.invalidInput("The recording does not say how long it is: send its length too.", [{ field: "durationMs", message: "is required for this recording" }]);
  }
  if (durationMs < MIN_MS || durationMs > MAX_MS) throw badAudio("must last from half a second to 5 minutes");
  return durationMs;
}

export async function uploadVoiceNoteRecording(actor: Actor, id: string, input: { audio: string; mimeType: string; durationMs?: number }): Promise<TPendingVoiceNote> {
  const parsed = parseInput(ZUploadVoiceRecordingInput, input);
  const draft = await db.pendingVoiceNote.findFirst({ where: { id, workspaceId: actor.workspaceId }, select: { id: true, status: true, audioKey: true } });
  if (!draft) throw HeraldError.notFound("Voice note");
  requirePending("voice_note", draft);
  const bytes = decodeRecording(parsed.audio);
  // Canonical already (the schema drops a recorder's codecs parameter and refuses anything else).
  const mimeType = parsed.mimeType;
  const durationMs = await recordingDurationMs(bytes, mimeType, parsed.durationMs);

  const key = audioKey(actor.workspaceId, mimeType);
  await getFileStorage().put(key, bytes, mimeType);
  const replaced = await replaceVoiceNoteAudio(draft, { audioKey: key, audioMimeType: mimeType, durationMs, voiceId: null, voiceName: null, recordedById: actor.userId });
  if (!replaced) {
    const current = await db.pendingVoiceNote.findUniqueOrThrow({ where: { id: draft.id }, select: { status: true } });
    throw alreadyDecided("voice_note", current.status);
  }
  return getPendingVoiceNote(actor, id);
}
