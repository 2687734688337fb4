// POST /api/v1/pending-comments/{id}/reject – reject a comment draft; the lead skips the step and continues
import { apiRoute } from "@/server/http/api-route";
import { rejectPendingCommentOperation } from "@/server/openapi/operations/approvals/reject-pending-comment";
import { rejectPendingComment } from "@/server/services/approvals/reject-pending-comment";

export const POST = apiRoute(rejectPendingCommentOperation, async ({ actor, params }) => ({ data: await rejectPendingComment(actor, params.id) }));
