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
    "The body carries the file in base64 (at most 10 MB decoded). `mimeType` is exactly one of these types, and the file is kept under it in lower case: voice notes `audio/webm`, `audio/ogg`, `audio/mp4`, `audio/mpeg`, `audio/wav`, `audio/aac` or `audio/flac` (`audio/x-wav`, `audio/mp3` and `audio/x-m4a` are taken as their usual names, and the `codecs` parameter browsers' recorders add, as in `audio/webm;codecs=opus`, is dropped); attachments `image/png`, `image/jpeg`, `image/gif`, `image/webp`, `application/pdf`, `text/plain`, `text/csv` or a Word, Excel or PowerPoint document. Any other type (HTML, SVG, video, programs), any other parameter, a list of types such as `text/plain;,text/html`, control characters, an empty file, or content that is not base64 is a 400 naming the field.",
    "The file's `url` serves audio and PNG, JPEG, GIF and WebP images in place and every other file as a download (`Content-Disposition: attachment`), always with `Content-Security-Policy: sandbox` and `X-Content-Type-Options: nosniff`: nothing in a file runs on Herald's origin.",
    "Audio gets `durationMs` from the audio itself, else from the `durationMs` sent (browsers' WebM recordings do not carry their length). The answer's `url` is a signed address of the content that expires at `urlExpiresAt`.",
  ].join("\n\n"),
  tags: ["Files"],
  body: ZUploadFileInput,
  response: dataEnvelope(ZStoredFile),
  successStatus: 201,
});
