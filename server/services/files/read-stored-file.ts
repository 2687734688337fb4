import { db } from "../../db/client";
import { getFileStorage } from "../../providers/storage";

export interface StoredFileContent {
  name: string;
  mimeType: string;
  durationMs: number | null;
  body: Buffer;
}

/**
 * An uploaded file's record and bytes, for sending it (the executor's voice notes and attachments).
 * The workspace was checked when the sequence named the file; null when the file or its bytes are gone.
 */
export async function readStoredFile(fileId: string): Promise<StoredFileContent | null> {
  const row = await db.storedFile.findUnique({ where: { id: fileId } });
  if (!row) return null;
  const object = await getFileStorage().get(row.key);
  if (!object) return null;
  return { name: row.name, mimeType: row.mimeType, durationMs: row.durationMs, body: object.body };
}
