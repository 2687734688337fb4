import { dataEnvelope } from "../../../schemas/common";
import { ZPendingVoiceNote, ZReRecordVoiceNoteInput } from "../../../schemas/approvals";
import { defineOperation } from "../../../http/api-operation";
import { VOICE_NOTE_COST } from "../../../services/campaigns/drafts/speak-voice-note";
import { AUDIO_URLS, DECISION_RULES, ZPendingVoiceNoteIdParams } from "./shared";

export const reRecordPendingVoiceNoteOperation = defineOperation({
  operationId: "reRecordPendingVoiceNote",
  method: "post",
  path: "/pending-voice-notes/{id}/re-record",
  summary: "Record a voice note again",
  description: [
    `Speaks the voice note again in the sender's chosen voice: the same script, or \`script\` when given (the body is optional; its placeholders such as \`{{firstName}}\` are filled in for the lead, the step's fallback script used when one has no value). It stays \`pending\`; the new audio replaces the old, which is deleted. Each recording spends ${VOICE_NOTE_COST} AI credits (ledger reason \`voice-note\`). The spec names this operation without its shape.`,
    "When no new audio can be made the current audio is kept: 402 `insufficient-credits` when the workspace is out of AI credits; 503 `unavailable` (with `Retry-After`) when the speech provider failed, its credits given back. A recorded voice note without a script needs `script` (400 naming it).",
    DECISION_RULES,
    AUDIO_URLS,
  ].join("\n\n"),
  tags: ["Approvals"],
  params: ZPendingVoiceNoteIdParams,
  body: ZReRecordVoiceNoteInput,
  response: dataEnvelope(ZPendingVoiceNote),
  errors: ["not-found", "already-decided", "insufficient-credits", "unavailable"],
});
