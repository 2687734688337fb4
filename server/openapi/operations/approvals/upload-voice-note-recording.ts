import { dataEnvelope } from "../../../schemas/common";
import { ZPendingVoiceNote, ZUploadVoiceRecordingInput } from "../../../schemas/approvals";
import { defineOperation } from "../../../http/api-operation";
import { AUDIO_URLS, DECISION_RULES, ZPendingVoiceNoteIdParams } from "./shared";

export const uploadVoiceNoteRecordingOperation = defineOperation({
  operationId: "uploadVoiceNoteRecording",
  method: "post",
  path: "/pending-voice-notes/{id}/recording",
  summary: "Replace a voice note with your own recording",
  description: [
    "Beyond the spec. Replaces the voice note's audio with a person's own recording (`audio` in base64, at most 5 MB; `mimeType` exactly one audio type: `audio/webm`, `audio/ogg`, `audio/mp4`, `audio/mpeg`, `audio/wav`, `audio/aac` or `audio/flac`; a recorder's `codecs` parameter is dropped, any other parameter or a list of types is a 400 naming `mimeType`). Its length is read from the audio, or taken from `durationMs` when the file does not say (as WebM from a browser's recorder often does not); from half a second to 5 minutes. It stays `pending` with `recordedByPerson: true`; the old audio is deleted. Spends no credits. Audio Herald cannot read is a 400 naming `audio`. The request body may be up to 8 MB.",
    DECISION_RULES,
    AUDIO_URLS,
  ].join("\n\n"),
  tags: ["Approvals"],
  params: ZPendingVoiceNoteIdParams,
  body: ZUploadVoiceRecordingInput,
  response: dataEnvelope(ZPendingVoiceNote),
  errors: ["not-found", "already-decided"],
});
