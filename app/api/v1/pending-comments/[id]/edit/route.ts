// POST /api/v1/pending-comments/{id}/edit – change a comment draft's text; it stays pending
import { apiRoute } from "@/server/http/api-route";
import { editPendingCommentOperation } from "@/server/openapi/operations/approvals/edit-pending-comment";
import { editPendingComment } from "@/server/services/approvals/edit-pending-comment";

export const POST = apiRoute(editPendingCommentOperation, async ({ actor, params, body }) => ({ data: await editPendingComment(actor, params.id, body) }));
