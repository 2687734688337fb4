import { dataEnvelope } from "../../../schemas/common";
import { ZPendingVoiceNote } from "../../../schemas/approvals";
import { defineOperation } from "../../../http/api-operation";
import { DECISION_RULES, ZPendingVoiceNoteIdParams } from "./shared";

export const rejectPendingVoiceNoteOperation = defineOperation({
  operationId: "rejectPendingVoiceNote",
  method: "post",
  path: "/pending-voice-notes/{id}/reject",
  summary: "Reject a voice note",
  description: [
    "Rejects a generated voice note: it becomes `rejected` and the lead continues on the no-reply branch without it, at once (its step history says \"Voice note rejected\"). A lead with nothing on that branch is `done` (lead.status_changed); a paused lead stays paused on its next step. Returns `{data: <pending voice note>}`.",
    DECISION_RULES,
  ].join("\n\n"),
  tags: ["Approvals"],
  params: ZPendingVoiceNoteIdParams,
  response: dataEnvelope(ZPendingVoiceNote),
  errors: ["not-found", "already-decided"],
});
