// GET /api/v1/pending-voice-notes/{id} – a pending voice note with a fresh signed audio address
import { apiRoute } from "@/server/http/api-route";
import { getPendingVoiceNoteOperation } from "@/server/openapi/operations/approvals/get-pending-voice-note";
import { getPendingVoiceNote } from "@/server/services/approvals/get-pending-voice-note";

export const GET = apiRoute(getPendingVoiceNoteOperation, async ({ actor, params }) => ({ data: await getPendingVoiceNote(actor, params.id) }));
