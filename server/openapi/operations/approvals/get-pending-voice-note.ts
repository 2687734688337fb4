import { dataEnvelope } from "../../../schemas/common";
import { ZPendingVoiceNote } from "../../../schemas/approvals";
import { defineOperation } from "../../../http/api-operation";
import { AUDIO_URLS, STATUSES, ZPendingVoiceNoteIdParams } from "./shared";

export const getPendingVoiceNoteOperation = defineOperation({
  operationId: "getPendingVoiceNote",
  method: "get",
  path: "/pending-voice-notes/{id}",
  summary: "Get a pending voice note",
  description: `${STATUSES} ${AUDIO_URLS} Another workspace's voice note is 404.`,
  tags: ["Approvals"],
  params: ZPendingVoiceNoteIdParams,
  response: dataEnvelope(ZPendingVoiceNote),
  errors: ["not-found"],
});
