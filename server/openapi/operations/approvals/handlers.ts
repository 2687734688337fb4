// The handlers of the approvals operations: what each answers, beside its operation in this folder.
// Listed in server/openapi/registry.ts, wrapped by server/http/api-handler.ts (authentication,
// validation, idempotency, errors). Kept apart from the operation files, which the OpenAPI document
// and the dashboard's API reference import without the services.
import { isAgentRequest } from "../../../http/agent-client";
import { apiHandler } from "../../../http/api-handler";
import { HeraldError } from "../../../lib/errors";
import { approvePendingAgentWrite } from "../../../services/agent-writes/approve-pending-agent-write";
import { getPendingAgentWrite } from "../../../services/agent-writes/get-pending-agent-write";
import { listPendingAgentWrites } from "../../../services/agent-writes/list-pending-agent-writes";
import { rejectPendingAgentWrite } from "../../../services/agent-writes/reject-pending-agent-write";
import { agentWriteRunners } from "../../agent-write-runner";
import { approvePendingComment } from "../../../services/approvals/approve-pending-comment";
import { approvePendingVoiceNote } from "../../../services/approvals/approve-pending-voice-note";
import { editPendingComment } from "../../../services/approvals/edit-pending-comment";
import { getPendingComment } from "../../../services/approvals/get-pending-comment";
import { getPendingVoiceNote } from "../../../services/approvals/get-pending-voice-note";
import { listPendingComments } from "../../../services/approvals/list-pending-comments";
import { listPendingVoiceNotes } from "../../../services/approvals/list-pending-voice-notes";
import { reRecordPendingVoiceNote } from "../../../services/approvals/re-record-pending-voice-note";
import { regeneratePendingComment } from "../../../services/approvals/regenerate-pending-comment";
import { rejectPendingComment } from "../../../services/approvals/reject-pending-comment";
import { rejectPendingVoiceNote } from "../../../services/approvals/reject-pending-voice-note";
import { uploadVoiceNoteRecording } from "../../../services/approvals/upload-voice-note-recording";
import { approvePendingAgentWriteOperation } from "./approve-pending-agent-write";
import { approvePendingCommentOperation } from "./approve-pending-comment";
import { getPendingAgentWriteOperation } from "./get-pending-agent-write";
import { listPendingAgentWritesOperation } from "./list-pending-agent-writes";
import { rejectPendingAgentWriteOperation } from "./reject-pending-agent-write";
import { approvePendingVoiceNoteOperation } from "./approve-pending-voice-note";
import { editPendingCommentOperation } from "./edit-pending-comment";
import { getPendingCommentOperation } from "./get-pending-comment";
import { getPendingVoiceNoteOperation } from "./get-pending-voice-note";
import { listPendingCommentsOperation } from "./list-pending-comments";
import { listPendingVoiceNotesOperation } from "./list-pending-voice-notes";
import { reRecordPendingVoiceNoteOperation } from "./re-record-pending-voice-note";
import { regeneratePendingCommentOperation } from "./regenerate-pending-comment";
import { rejectPendingCommentOperation } from "./reject-pending-comment";
import { rejectPendingVoiceNoteOperation } from "./reject-pending-voice-note";
import { uploadVoiceNoteRecordingOperation } from "./upload-voice-note-recording";

/** An agent never decides the actions held for people to decide, whatever its key's role. */
function refuseAgent(request: Request): void {
  if (isAgentRequest(request)) throw new HeraldError({ code: "forbidden", message: "An AI agent cannot approve or reject agents' actions: a person decides them." });
}

export const approvalsHandlers = [
  // GET /api/v1/pending-comments – list AI-drafted comments waiting for approval, oldest first
  apiHandler(listPendingCommentsOperation, async ({ actor, query }) => listPendingComments(actor, query)),
  // GET /api/v1/pending-comments/{id} – a comment draft with its lead, post and campaign
  apiHandler(getPendingCommentOperation, async ({ actor, params }) => ({ data: await getPendingComment(actor, params.id) })),
  // POST /api/v1/pending-comments/{id}/approve – approve a comment draft (optionally with edited text)
  apiHandler(approvePendingCommentOperation, async ({ actor, params, body }) => ({ data: await approvePendingComment(actor, params.id, body) })),
  // POST /api/v1/pending-comments/{id}/edit – change a comment draft's text; it stays pending
  apiHandler(editPendingCommentOperation, async ({ actor, params, body }) => ({ data: await editPendingComment(actor, params.id, body) })),
  // POST /api/v1/pending-comments/{id}/regenerate – write a new comment draft, spending AI credits
  apiHandler(regeneratePendingCommentOperation, async ({ actor, params, body }) => ({ data: await regeneratePendingComment(actor, params.id, body) })),
  // POST /api/v1/pending-comments/{id}/reject – reject a comment draft; the lead skips the step and continues
  apiHandler(rejectPendingCommentOperation, async ({ actor, params }) => ({ data: await rejectPendingComment(actor, params.id) })),
  // GET /api/v1/pending-voice-notes – list voice notes waiting for approval, oldest first
  apiHandler(listPendingVoiceNotesOperation, async ({ actor, query }) => listPendingVoiceNotes(actor, query)),
  // GET /api/v1/pending-voice-notes/{id} – a pending voice note with a fresh signed audio address
  apiHandler(getPendingVoiceNoteOperation, async ({ actor, params }) => ({ data: await getPendingVoiceNote(actor, params.id) })),
  // POST /api/v1/pending-voice-notes/{id}/approve – approve a voice note; the sender's next turn sends it
  apiHandler(approvePendingVoiceNoteOperation, async ({ actor, params }) => ({ data: await approvePendingVoiceNote(actor, params.id) })),
  // POST /api/v1/pending-voice-notes/{id}/re-record – speak a voice note again (optionally an edited script), spending AI credits
  apiHandler(reRecordPendingVoiceNoteOperation, async ({ actor, params, body }) => ({ data: await reRecordPendingVoiceNote(actor, params.id, body) })),
  // POST /api/v1/pending-voice-notes/{id}/recording – replace a voice note's audio with your own recording
  apiHandler(uploadVoiceNoteRecordingOperation, async ({ actor, params, body }) => ({ data: await uploadVoiceNoteRecording(actor, params.id, body) })),
  // POST /api/v1/pending-voice-notes/{id}/reject – reject a voice note; the lead continues on the no-reply branch
  apiHandler(rejectPendingVoiceNoteOperation, async ({ actor, params }) => ({ data: await rejectPendingVoiceNote(actor, params.id) })),
  // GET /api/v1/pending-agent-writes – list AI agents' actions waiting for approval
  apiHandler(listPendingAgentWritesOperation, async ({ actor, query }) => listPendingAgentWrites(actor, query)),
  // GET /api/v1/pending-agent-writes/{id} – an AI agent's held action with its input and outcome
  apiHandler(getPendingAgentWriteOperation, async ({ actor, params }) => ({ data: await getPendingAgentWrite(actor, params.id) })),
  // POST /api/v1/pending-agent-writes/{id}/approve – approve an AI agent's action and run it, as its key
  apiHandler(approvePendingAgentWriteOperation, async ({ actor, params, request }) => {
    refuseAgent(request);
    return { data: await approvePendingAgentWrite(actor, params.id, await agentWriteRunners()) };
  }),
  // POST /api/v1/pending-agent-writes/{id}/reject – reject an AI agent's action; it never runs
  apiHandler(rejectPendingAgentWriteOperation, async ({ actor, params, request }) => {
    refuseAgent(request);
    return { data: await rejectPendingAgentWrite(actor, params.id) };
  }),
];
