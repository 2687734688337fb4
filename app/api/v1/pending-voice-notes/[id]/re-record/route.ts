// POST /api/v1/pending-voice-notes/{id}/re-record – speak a voice note again (optionally an edited script), spending AI credits
import { apiRoute } from "@/server/http/api-route";
import { reRecordPendingVoiceNoteOperation } from "@/server/openapi/operations/approvals/re-record-pending-voice-note";
import { reRecordPendingVoiceNote } from "@/server/services/approvals/re-record-pending-voice-note";

export const POST = apiRoute(reRecordPendingVoiceNoteOperation, async ({ actor, params, body }) => ({ data: await reRecordPendingVoiceNote(actor, params.id, body) }));
