// POST /api/v1/pending-comments/{id}/regenerate – write a new comment draft, spending AI credits
import { apiRoute } from "@/server/http/api-route";
import { regeneratePendingCommentOperation } from "@/server/openapi/operations/approvals/regenerate-pending-comment";
import { regeneratePendingComment } from "@/server/services/approvals/regenerate-pending-comment";

export const POST = apiRoute(regeneratePendingCommentOperation, async ({ actor, params, body }) => ({ data: await regeneratePendingComment(actor, params.id, body) }));
