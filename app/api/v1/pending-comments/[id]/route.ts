// GET /api/v1/pending-comments/{id} – a comment draft with its lead, post and campaign
import { apiRoute } from "@/server/http/api-route";
import { getPendingCommentOperation } from "@/server/openapi/operations/approvals/get-pending-comment";
import { getPendingComment } from "@/server/services/approvals/get-pending-comment";

export const GET = apiRoute(getPendingCommentOperation, async ({ actor, params }) => ({ data: await getPendingComment(actor, params.id) }));
