import { randomBytes } from "node:crypto";
import { db } from "../../db/client";
import { requireRole, type Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { getFileStorage } from "../../providers/storage";
import { FILE_MAX_BYTES, type TStoredFile, type TUploadFileInput } from "../../schemas/files";
import { parseMediaType, UPLOAD_MIME_TYPES, UPLOAD_TYPES_IN_WORDS } from "../../schemas/media-types";
import { readAudioDurationMs } from "./read-audio-duration";
import { toStoredFile } from "./to-stored-file";

/**
 * Keeps an uploaded file (a recorded voice note, an attachment) in the installation's file storage
 * under a key of the workspace's that no caller chooses, and records it. Audio gets its length from
 * the audio itself, else from what the recorder measured.
 */
export async function uploadFile(actor: Actor, input: TUploadFileInput): Promise<TStoredFile> {
  requireRole(actor, "member", "upload files for campaigns");
  const body = Buffer.from(input.content, "base64");
  if (!body.length) throw HeraldError.invalidInput("Invalid content: the file is empty", [{ field: "content", message: "is empty" }]);
  if (body.length > FILE_MAX_BYTES) {
    throw HeraldError.invalidInput("Invalid content: the file is larger than 10 MB", [{ field: "content", message: "must be at most 10 MB once decoded" }]);
  }
  // The schema answered the canonical type already; parsed again here because this is where it is
  // stored, and a stored type must never be one a caller wrote.
  const parsed = parseMediaType(input.mimeType, UPLOAD_MIME_TYPES, UPLOAD_TYPES_IN_WORDS);
  if (!parsed.ok) throw HeraldError.invalidInput(`Invalid mimeType: ${parsed.message}`, [{ field: "mimeType", message: parsed.message }]);
  const mimeType = parsed.type;
  const isAudio = mimeType.startsWith("audio/");
  const durationMs = isAudio ? ((await readAudioDurationMs(body, mimeType)) ?? input.durationMs ?? null) : null;
  const key = `files/${actor.workspaceId.toLowerCase()}/${randomBytes(16).toString("hex")}`;
  await getFileStorage().put(key, body, mimeType);
  const row = await db.storedFile.create({
    data: { workspaceId: actor.workspaceId, name: input.name, key, mimeType, size: body.length, durationMs, createdById: actor.userId, createdAt: now() },
  });
  return toStoredFile(row);
}
