// POST /api/v1/pending-comments/{id}/approve – approve a comment draft (optionally with edited text)
import { apiRoute } from "@/server/http/api-route";
import { approvePendingCommentOperation } from "@/server/openapi/operations/approvals/approve-pending-comment";
import { approvePendingComment } from "@/server/services/approvals/approve-pending-comment";

export const POST = apiRoute(approvePendingCommentOperation, async ({ actor, params, body }) => ({ data: await approvePendingComment(actor, params.id, body) }));
