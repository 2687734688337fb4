// Where Herald keeps files: generated voice notes, people's recordings, uploads, the sandbox
// network's received audio. Services depend on this interface only; the installation picks the
// implementation (HERALD_STORAGE): the data folder (the default) or S3-compatible object storage.
// Files are never public: people and webhook receivers fetch them through signed, expiring URLs
// (server/lib/signed-file-url.ts).

import { canonicalMediaType, UPLOAD_MIME_TYPES } from "../../schemas/media-types";

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface FileStorage {
  readonly name: "filesystem" | "s3";
  /** Writes (or overwrites) the object at `key`: path-like, `[a-z0-9/._-]` only. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/**
 * The content type an object is written with: a canonical type Herald takes, else a plain
 * download. Callers store canonical types already; this is the last gate before a type reaches an
 * S3 header or the sidecar that serving reads, so that no path can store "text/plain;,text/html"
 * or a CR/LF (which made an S3 write, and a download, fail).
 */
export function storableContentType(contentType: string): string {
  return canonicalMediaType(contentType, UPLOAD_MIME_TYPES) ?? "application/octet-stream";
}

/** Keys are chosen by Herald, never by a caller; this keeps a bug from writing outside the store. */
export function assertStorageKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9/._-]{0,300}$/i.test(key) || key.includes("..") || key.includes("//")) {
    throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  }
}
