// The installation's file storage: the data folder by default; S3-compatible object storage with
// HERALD_STORAGE=s3 (see docs/storage.md). server/env.ts refuses to start with an S3 setting missing.
import { join } from "node:path";
import { env, type Env } from "../../env";
import { createFilesystemStorage } from "./filesystem-storage";
import { createS3Storage } from "./s3-storage";
import type { FileStorage } from "./types";

const slot: typeof globalThis & { __heraldFileStorage?: FileStorage } = globalThis;

export function fileStorageFromEnv(settings: Env): FileStorage {
  if (settings.HERALD_STORAGE !== "s3") return createFilesystemStorage(join(settings.HERALD_DATA_DIR, "files"));
  return createS3Storage({
    endpoint: settings.HERALD_S3_ENDPOINT!,
    bucket: settings.HERALD_S3_BUCKET!,
    region: settings.HERALD_S3_REGION,
    accessKeyId: settings.HERALD_S3_ACCESS_KEY_ID!,
    secretAccessKey: settings.HERALD_S3_SECRET_ACCESS_KEY!,
    forcePathStyle: settings.HERALD_S3_FORCE_PATH_STYLE ?? false,
  });
}

export function getFileStorage(): FileStorage {
  slot.__heraldFileStorage ??= fileStorageFromEnv(env());
  return slot.__heraldFileStorage;
}

export function setFileStorage(storage: FileStorage | undefined): void {
  slot.__heraldFileStorage = storage;
}
