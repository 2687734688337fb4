import { z } from "zod";
import {
  ZApproveCommentInput,
  ZBulkDecisionInput,
  ZEditCommentInput,
  ZListApprovalsQuery,
  ZRegenerateCommentInput,
  ZReRecordVoiceNoteInput,
  ZUploadVoiceRecordingInput,
} from "../../schemas/approvals";
import { approvePendingComment } from "../../services/approvals/approve-pending-comment";
import { approvePendingVoiceNote } from "../../services/approvals/approve-pending-voice-note";
import { countPendingApprovals } from "../../services/approvals/count-pending-approvals";
import { decidePendingMany } from "../../services/approvals/decide-pending-many";
import { editPendingComment } from "../../services/approvals/edit-pending-comment";
import { getPendingComment } from "../../services/approvals/get-pending-comment";
import { getPendingVoiceNote } from "../../services/approvals/get-pending-voice-note";
import { listPendingComments } from "../../services/approvals/list-pending-comments";
import { listPendingVoiceNotes } from "../../services/approvals/list-pending-voice-notes";
import { regeneratePendingComment } from "../../services/approvals/regenerate-pending-comment";
import { reRecordPendingVoiceNote } from "../../services/approvals/re-record-pending-voice-note";
import { rejectPendingComment } from "../../services/approvals/reject-pending-comment";
import { rejectPendingVoiceNote } from "../../services/approvals/reject-pending-voice-note";
import { uploadVoiceNoteRecording } from "../../services/approvals/upload-voice-note-recording";
import { ZApproveAiLineInput, ZEditAiLineInput, ZListAiLinesQuery } from "../../schemas/ai-lines";
import { editPendingAiLine } from "../../services/approvals/edit-pending-ai-line";
import { approvePendingAiLine } from "../../services/approvals/approve-pending-ai-line";
import { getPendingAiLine, listPendingAiLines } from "../../services/approvals/list-pending-ai-lines";
import { rejectPendingAiLine } from "../../services/approvals/reject-pending-ai-line";
import { ZListPendingAgentWritesQuery } from "../../schemas/agent-writes";
import { approvePendingAgentWrite } from "../../services/agent-writes/approve-pending-agent-write";
import { getPendingAgentWrite } from "../../services/agent-writes/get-pending-agent-write";
import { listPendingAgentWrites } from "../../services/agent-writes/list-pending-agent-writes";
import { rejectPendingAgentWrite } from "../../services/agent-writes/reject-pending-agent-write";
import { agentWriteRunners } from "../../openapi/agent-write-runner";
import { router, workspaceProcedure } from "../init";

const ZId = z.object({ id: z.string().min(1) });

const commentsRouter = router({
  list: workspaceProcedure.input(ZListApprovalsQuery).query(({ ctx, input }) => listPendingComments(ctx.actor, input)),
  get: workspaceProcedure.input(ZId).query(({ ctx, input }) => getPendingComment(ctx.actor, input.id)),
  approve: workspaceProcedure.input(ZId.extend(ZApproveCommentInput.shape)).mutation(({ ctx, input }) => approvePendingComment(ctx.actor, input.id, { comment: input.comment })),
  edit: workspaceProcedure.input(ZId.extend(ZEditCommentInput.shape)).mutation(({ ctx, input }) => editPendingComment(ctx.actor, input.id, { comment: input.comment })),
  regenerate: workspaceProcedure.input(ZId.extend(ZRegenerateCommentInput.shape)).mutation(({ ctx, input }) => regeneratePendingComment(ctx.actor, input.id, { prompt: input.prompt })),
  reject: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => rejectPendingComment(ctx.actor, input.id)),
  approveMany: workspaceProcedure.input(ZBulkDecisionInput).mutation(({ ctx, input }) => decidePendingMany(ctx.actor, { kind: "comment", decision: "approve", ids: input.ids })),
  rejectMany: workspaceProcedure.input(ZBulkDecisionInput).mutation(({ ctx, input }) => decidePendingMany(ctx.actor, { kind: "comment", decision: "reject", ids: input.ids })),
});

const voiceNotesRouter = router({
  list: workspaceProcedure.input(ZListApprovalsQuery).query(({ ctx, input }) => listPendingVoiceNotes(ctx.actor, input)),
  get: workspaceProcedure.input(ZId).query(({ ctx, input }) => getPendingVoiceNote(ctx.actor, input.id)),
  approve: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => approvePendingVoiceNote(ctx.actor, input.id)),
  reRecord: workspaceProcedure.input(ZId.extend(ZReRecordVoiceNoteInput.shape)).mutation(({ ctx, input }) => reRecordPendingVoiceNote(ctx.actor, input.id, { script: input.script })),
  reject: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => rejectPendingVoiceNote(ctx.actor, input.id)),
  uploadRecording: workspaceProcedure
    .input(ZId.extend(ZUploadVoiceRecordingInput.shape))
    .mutation(({ ctx, input }) => uploadVoiceNoteRecording(ctx.actor, input.id, { audio: input.audio, mimeType: input.mimeType, durationMs: input.durationMs })),
  approveMany: workspaceProcedure.input(ZBulkDecisionInput).mutation(({ ctx, input }) => decidePendingMany(ctx.actor, { kind: "voice_note", decision: "approve", ids: input.ids })),
  rejectMany: workspaceProcedure.input(ZBulkDecisionInput).mutation(({ ctx, input }) => decidePendingMany(ctx.actor, { kind: "voice_note", decision: "reject", ids: input.ids })),
});

/** Per-lead AI lines of steps that ask for approval (the third kind of the queue). */
const aiLinesRouter = router({
  list: workspaceProcedure.input(ZListAiLinesQuery).query(({ ctx, input }) => listPendingAiLines(ctx.actor, input)),
  get: workspaceProcedure.input(ZId).query(({ ctx, input }) => getPendingAiLine(ctx.actor, input.id)),
  edit: workspaceProcedure.input(ZId.extend(ZEditAiLineInput.shape)).mutation(({ ctx, input }) => editPendingAiLine(ctx.actor, input.id, { value: input.value })),
  approve: workspaceProcedure.input(ZId.extend(ZApproveAiLineInput.shape)).mutation(({ ctx, input }) => approvePendingAiLine(ctx.actor, input.id, { value: input.value })),
  reject: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => rejectPendingAiLine(ctx.actor, input.id)),
});

/** AI agents' writes held for approval (docs/agent-approvals.md); approving runs the operation as its key. */
const agentWritesRouter = router({
  list: workspaceProcedure.input(ZListPendingAgentWritesQuery).query(({ ctx, input }) => listPendingAgentWrites(ctx.actor, input)),
  get: workspaceProcedure.input(ZId).query(({ ctx, input }) => getPendingAgentWrite(ctx.actor, input.id)),
  approve: workspaceProcedure.input(ZId).mutation(async ({ ctx, input }) => approvePendingAgentWrite(ctx.actor, input.id, await agentWriteRunners())),
  reject: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => rejectPendingAgentWrite(ctx.actor, input.id)),
});

export const approvalsRouter = router({
  // The navigation's counts: two numbers, polled.
  counts: workspaceProcedure.query(({ ctx }) => countPendingApprovals(ctx.actor)),
  comments: commentsRouter,
  voiceNotes: voiceNotesRouter,
  aiLines: aiLinesRouter,
  agentWrites: agentWritesRouter,
});
