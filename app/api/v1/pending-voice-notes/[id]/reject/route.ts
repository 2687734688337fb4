// POST /api/v1/pending-voice-notes/{id}/reject – reject a voice note; the lead continues on the no-reply branch
import { apiRoute } from "@/server/http/api-route";
import { rejectPendingVoiceNoteOperation } from "@/server/openapi/operations/approvals/reject-pending-voice-note";
import { rejectPendingVoiceNote } from "@/server/services/approvals/reject-pending-voice-note";

export const POST = apiRoute(rejectPendingVoiceNoteOperation, async ({ actor, params }) => ({ data: await rejectPendingVoiceNote(actor, params.id) }));
