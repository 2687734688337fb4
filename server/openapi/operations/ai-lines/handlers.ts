// The handlers of the AI line operations (the approvals queue's third kind, and the step preview).
// Listed in server/openapi/registry.ts, wrapped by server/http/api-handler.ts.
import { apiHandler } from "../../../http/api-handler";
import { approvePendingAiLine } from "../../../services/approvals/approve-pending-ai-line";
import { editPendingAiLine } from "../../../services/approvals/edit-pending-ai-line";
import { getPendingAiLine, listPendingAiLines } from "../../../services/approvals/list-pending-ai-lines";
import { rejectPendingAiLine } from "../../../services/approvals/reject-pending-ai-line";
import { previewAiLines } from "../../../services/campaigns/preview-ai-lines";
import { approvePendingAiLineOperation } from "./approve-pending-ai-line";
import { editPendingAiLineOperation } from "./edit-pending-ai-line";
import { getPendingAiLineOperation } from "./get-pending-ai-line";
import { listPendingAiLinesOperation } from "./list-pending-ai-lines";
import { previewAiLinesOperation } from "./preview-ai-lines";
import { rejectPendingAiLineOperation } from "./reject-pending-ai-line";

export const aiLinesHandlers = [
  // GET /api/v1/pending-ai-lines – AI lines waiting for approval, oldest first
  apiHandler(listPendingAiLinesOperation, async ({ actor, query }) => listPendingAiLines(actor, query)),
  // GET /api/v1/pending-ai-lines/{id} – one line with its lead, campaign and step
  apiHandler(getPendingAiLineOperation, async ({ actor, params }) => ({ data: await getPendingAiLine(actor, params.id) })),
  // POST /api/v1/pending-ai-lines/{id}/edit – change a line's text; it stays pending
  apiHandler(editPendingAiLineOperation, async ({ actor, params, body }) => ({ data: await editPendingAiLine(actor, params.id, body) })),
  // POST /api/v1/pending-ai-lines/{id}/approve – approve a line (optionally edited)
  apiHandler(approvePendingAiLineOperation, async ({ actor, params, body }) => ({ data: await approvePendingAiLine(actor, params.id, body) })),
  // POST /api/v1/pending-ai-lines/{id}/reject – reject a line; the step takes its fallback
  apiHandler(rejectPendingAiLineOperation, async ({ actor, params }) => ({ data: await rejectPendingAiLine(actor, params.id) })),
  // POST /api/v1/campaigns/{id}/sequence/{stepId}/ai-preview – write a step's lines for sample leads
  apiHandler(previewAiLinesOperation, async ({ actor, params, body }) => ({ data: await previewAiLines(actor, params.id, params.stepId, body) })),
];
