// The installation's file storage: the data folder by default; S3-compatible object storage with
// HERALD_STORAGE=s3 (see docs/storage.md).
import { join } from "node:path";
import { env } from "../../env";
import { createFilesystemStorage } from "./filesystem-storage";
import type { FileStorage } from "./types";

const slot: typeof globalThis & { __heraldFileStorage?: FileStorage } = globalThis;

export function getFileStorage(): FileStorage {
  if (slot.__heraldFileStorage) return slot.__heraldFileStorage;
  const settings = env();
  slot.__heraldFileStorage = createFilesystemStorage(join(settings.HERALD_DATA_DIR, "files"));
  return slot.__heraldFileStorage;
}

export function setFileStorage(storage: FileStorage | undefined): void {
  slot.__heraldFileStorage = storage;
}
