import { ZListApprovalsQuery, ZPendingVoiceNoteList } from "../../../schemas/approvals";
import { defineOperation } from "../../../http/api-operation";
import { AUDIO_URLS, STATUSES } from "./shared";

export const listPendingVoiceNotesOperation = defineOperation({
  operationId: "listPendingVoiceNotes",
  method: "get",
  path: "/pending-voice-notes",
  summary: "List voice notes waiting for approval",
  description: [
    "The Approvals queue's voice notes, oldest first: AI voice notes (`kind: ai`, spoken from the step's script) and, when their campaign asks for approval, recorded ones (`kind: recorded`). Each has the lead's card and the campaign's and the sender's names (beyond the spec).",
    "Filters (beyond the spec): `status` (default `pending`), `campaignId`, `linkedinAccountId` (the sender). Paged by `limit` and `offset`; `paging.total` counts the voice notes matching the filters.",
    STATUSES,
    AUDIO_URLS,
  ].join("\n\n"),
  tags: ["Approvals"],
  query: ZListApprovalsQuery,
  response: ZPendingVoiceNoteList,
  acceptsWorkspaceHeader: true,
});
