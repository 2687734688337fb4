// POST /api/v1/pending-voice-notes/{id}/recording – replace a voice note's audio with your own recording
import { apiRoute } from "@/server/http/api-route";
import { uploadVoiceNoteRecordingOperation } from "@/server/openapi/operations/approvals/upload-voice-note-recording";
import { uploadVoiceNoteRecording } from "@/server/services/approvals/upload-voice-note-recording";

export const POST = apiRoute(uploadVoiceNoteRecordingOperation, async ({ actor, params, body }) => ({ data: await uploadVoiceNoteRecording(actor, params.id, body) }));
