import type { Attachment, VoiceNote } from "../../../providers/linkedin/types";
import { AUDIO_MIME_TYPES, canonicalMediaType, mediaTypeOfAnswer, UPLOAD_MIME_TYPES } from "../../../schemas/media-types";
import { readStoredFile } from "../../files/read-stored-file";
import { downloadFile } from "./download-file";

interface FileContent {
  content: string;
  mimeType: string;
  durationMs?: number | null;
}

async function download(url: string, what: string): Promise<FileContent> {
  const file = await downloadFile(url, { what });
  // The remote server's Content-Type is read, never kept as sent: a voice note's recording is
  // copied into Herald's file storage and served from Herald's origin under this type.
  return { content: file.body.toString("base64"), mimeType: mediaTypeOfAnswer(file.contentType, UPLOAD_MIME_TYPES) ?? "application/octet-stream" };
}

/** An uploaded file's bytes from file storage (the sequence was checked to name the workspace's own). */
async function readUpload(fileId: string): Promise<FileContent> {
  const file = await readStoredFile(fileId);
  if (!file) throw new Error(`The uploaded file ${fileId} is no longer in Herald's file storage`);
  return { content: file.body.toString("base64"), mimeType: file.mimeType, durationMs: file.durationMs };
}

function fileOf(source: { url?: string; fileId?: string }, what: string): Promise<FileContent> {
  if (source.fileId) return readUpload(source.fileId);
  if (source.url) return download(source.url, what);
  throw new Error("The step's file has neither a URL nor an uploaded file");
}

/** A step's attachment, fetched from its URL or read from the uploaded file, to hand to the provider. */
export async function fetchAttachment(attachment: { name: string; url?: string; fileId?: string; mimeType?: string }): Promise<Attachment> {
  const file = await fileOf(attachment, "attachment");
  return { name: attachment.name, mimeType: canonicalMediaType(attachment.mimeType, UPLOAD_MIME_TYPES) ?? file.mimeType, content: file.content };
}

/** A recorded voice note, fetched from its URL or read from the uploaded file; its length as the step says, else as stored. */
export async function fetchVoice(voice: { url?: string; fileId?: string; mimeType?: string; durationMs?: number }): Promise<VoiceNote> {
  const file = await fileOf(voice, "voice note's recording");
  const mimeType = canonicalMediaType(voice.mimeType, AUDIO_MIME_TYPES) ?? canonicalMediaType(file.mimeType, AUDIO_MIME_TYPES) ?? "application/octet-stream";
  return { mimeType, content: file.content, durationMs: voice.durationMs ?? file.durationMs ?? 0 };
}
