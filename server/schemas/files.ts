// Files a workspace uploads (recorded voice notes, message attachments), kept in Herald's file
// storage and named by `fileId` in a sequence step's `voice` or `attachments`.
import { z } from "zod";
import { ZTimestamp } from "./common";

/** The largest file Herald takes, decoded. */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;

/** Attachments LinkedIn takes besides audio: images, PDF and office documents, plain text. */
export const ATTACHMENT_MIME_TYPES = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "application/pdf",
  "text/plain",
  "text/csv",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.ms-excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.ms-powerpoint",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
] as const;

/** Whether a file of this type may be uploaded: any audio (voice notes) or an attachment type. */
export function isUploadableType(mimeType: string): boolean {
  const base = mimeType.split(";")[0]!.trim().toLowerCase();
  return /^audio\/[a-z0-9.+-]+$/.test(base) || (ATTACHMENT_MIME_TYPES as readonly string[]).includes(base);
}

export const ZUploadFileInput = z
  .object({
    name: z.string().trim().min(1, "is required").max(200, "must be at most 200 characters").meta({ description: "The file's name, as shown and as sent", example: "intro.webm" }),
    mimeType: z
      .string()
      .trim()
      .max(100)
      .refine(isUploadableType, "must be an audio type (audio/webm, audio/mpeg, audio/wav…), an image, a PDF, an office document or plain text")
      .meta({ description: "audio/* for voice notes; image/png, image/jpeg, image/gif, image/webp, application/pdf, text/plain, text/csv or an office document for attachments", example: "audio/webm" }),
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
