import { dataEnvelope } from "../../../schemas/common";
import { ZPendingVoiceNote } from "../../../schemas/approvals";
import { defineOperation } from "../../../http/api-operation";
import { DECISION_RULES, ZPendingVoiceNoteIdParams } from "./shared";

export const approvePendingVoiceNoteOperation = defineOperation({
  operationId: "approvePendingVoiceNote",
  method: "post",
  path: "/pending-voice-notes/{id}/approve",
  summary: "Approve a voice note",
  description: [
    "The voice note becomes `approved` (with `decidedAt`) and its lead is due at once: the sender's next turn sends it as a LinkedIn voice message (counted against the daily message cap), then it is `sent` and the lead waits for a reply as after a message. No body. The spec names this operation without its shape.",
    DECISION_RULES,
  ].join("\n\n"),
  tags: ["Approvals"],
  params: ZPendingVoiceNoteIdParams,
  response: dataEnvelope(ZPendingVoiceNote),
  errors: ["not-found", "already-decided"],
});
