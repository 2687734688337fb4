// Files a workspace uploads (recorded voice notes, message attachments), kept in Herald's file
// storage and named by `fileId` in a sequence step's `voice` or `attachments`.
import { z } from "zod";
import { ZTimestamp } from "./common";
import { canonicalMediaType, UPLOAD_MIME_TYPES, UPLOAD_TYPES_IN_WORDS, zMediaType } from "./media-types";

/** The largest file Herald takes, decoded. */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;

export { ATTACHMENT_MIME_TYPES, UPLOAD_MIME_TYPES } from "./media-types";

/** Whether a file of this type may be uploaded: exactly one type of the allow-list (an audio type's `codecs` parameter aside). */
export function isUploadableType(mimeType: string): boolean {
  return canonicalMediaType(mimeType, UPLOAD_MIME_TYPES) !== null;
}

export const ZUploadFileInput = z
  .object({
    name: z.string().trim().min(1, "is required").max(200, "must be at most 200 characters").meta({ description: "The file's name, as shown and as sent", example: "intro.webm" }),
    mimeType: zMediaType(UPLOAD_MIME_TYPES, UPLOAD_TYPES_IN_WORDS).meta({
      description: `Exactly one type, kept in its canonical form: ${UPLOAD_TYPES_IN_WORDS}. Parameters and lists are refused (an audio type's \`codecs\`, as browsers' recorders add it, is dropped); so are SVG, HTML and any other type`,
      example: "audio/webm",
    }),
    content: z
      .string()
      .min(1, "is required")
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, "must be base64")
      .refine((value) => Math.floor((value.length * 3) / 4) - (value.match(/=+$/)?.[0].length ?? 0) <= FILE_MAX_BYTES, "must be at most 10 MB once decoded")
      .meta({ description: "The file's bytes, base64 (at most 10 MB decoded)" }),
    durationMs: z.number().int().min(1).max(300_000, "must be at most 5 minutes").optional().meta({
      description: "Audio: its length as the recorder measured it, used when the audio itself does not say (a browser's WebM recording)",
    }),
  })
  .meta({ id: "UploadFileInput", description: "A file to keep for a voice note or an attachment" });
export type TUploadFileInput = z.infer<typeof ZUploadFileInput>;

export const ZStoredFile = z
  .object({
    id: z.string().meta({ example: "fil_8c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f" }),
    name: z.string(),
    mimeType: z.string(),
    size: z.number().int().meta({ description: "Bytes" }),
    durationMs: z.number().int().nullable().meta({ description: "Audio: its length; null for other files, or audio whose length is unknown" }),
    url: z.string().meta({ description: "A signed address of the file's content; it expires at `urlExpiresAt` (GET the file again for a fresh one)" }),
    urlExpiresAt: ZTimestamp,
    createdAt: ZTimestamp,
  })
  .meta({ id: "StoredFile", description: "An uploaded file; name it by `fileId` in a step's `voice` or `attachments`" });
export type TStoredFile = z.infer<typeof ZStoredFile>;

export const ZFileIdParams = z.object({
  id: z.string().min(1).meta({ description: "File id", example: "fil_8c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f" }),
});
