import { dataEnvelope } from "../../../schemas/common";
import { ZStoredFile, ZUploadFileInput } from "../../../schemas/files";
import { defineOperation } from "../../../http/api-operation";

export const uploadFileOperation = defineOperation({
  operationId: "uploadFile",
  method: "post",
  path: "/files",
  summary: "Upload a file (a voice note recording or an attachment)",
  description: [
    "Beyond the spec: keeps a file so that sequence steps can name it by `fileId` instead of a URL Herald fetches at sending time: a recorded voice note step's or a message step's `voice` ({fileId}), and each of `attachments` ({name, fileId}).",
    "The body carries the file in base64 (at most 10 MB decoded). Voice notes are audio (`audio/*`: WebM, Ogg, MP3, MP4, WAV…); attachments are images (PNG, JPEG, GIF, WebP), PDF, office documents or plain text. Anything else, an empty file, or content that is not base64 is a 400 naming the field.",
    "Audio gets `durationMs` from the audio itself, else from the `durationMs` sent (browsers' WebM recordings do not carry their length). The answer's `url` is a signed address of the content that expires at `urlExpiresAt`.",
  ].join("\n\n"),
  tags: ["Files"],
  body: ZUploadFileInput,
  response: dataEnvelope(ZStoredFile),
  successStatus: 201,
});
