// POST /api/v1/pending-voice-notes/{id}/approve – approve a voice note; the sender's next turn sends it
import { apiRoute } from "@/server/http/api-route";
import { approvePendingVoiceNoteOperation } from "@/server/openapi/operations/approvals/approve-pending-voice-note";
import { approvePendingVoiceNote } from "@/server/services/approvals/approve-pending-voice-note";

export const POST = apiRoute(approvePendingVoiceNoteOperation, async ({ actor, params }) => ({ data: await approvePendingVoiceNote(actor, params.id) }));
