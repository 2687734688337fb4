// GET /api/v1/pending-voice-notes – list voice notes waiting for approval, oldest first
import { apiRoute } from "@/server/http/api-route";
import { listPendingVoiceNotesOperation } from "@/server/openapi/operations/approvals/list-pending-voice-notes";
import { listPendingVoiceNotes } from "@/server/services/approvals/list-pending-voice-notes";

export const GET = apiRoute(listPendingVoiceNotesOperation, async ({ actor, query }) => listPendingVoiceNotes(actor, query));
