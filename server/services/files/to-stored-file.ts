import type { Prisma } from "../../db/client";
import { signedFileUrl } from "../../lib/signed-file-url";
import type { TStoredFile } from "../../schemas/files";

/** A stored file as the API shows it, with a fresh signed address of its content. */
export function toStoredFile(row: Prisma.StoredFileGetPayload<object>): TStoredFile {
  const { url, expiresAt } = signedFileUrl(row.key);
  return {
    id: row.id,
    name: row.name,
    mimeType: row.mimeType,
    size: row.size,
    durationMs: row.durationMs,
    url,
    urlExpiresAt: expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
