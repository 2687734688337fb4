import type { Prisma } from "../../db/client";
import { signedFileUrl } from "../../lib/signed-file-url";
import type { TStoredFile } from "../../schemas/files";
import { canonicalMediaType, UPLOAD_MIME_TYPES } from "../../schemas/media-types";

/** A stored file as the API shows it, with a fresh signed address of its content. */
export function toStoredFile(row: Prisma.StoredFileGetPayload<object>): TStoredFile {
  const { url, expiresAt } = signedFileUrl(row.key);
  return {
    id: row.id,
    name: row.name,
    // As served (server/http/serve-stored-file.ts): a row from before types were checked may hold any text.
    mimeType: canonicalMediaType(row.mimeType, UPLOAD_MIME_TYPES) ?? "application/octet-stream",
    size: row.size,
    durationMs: row.durationMs,
    url,
    urlExpiresAt: expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
