// GET /api/v1/pending-comments – list AI-drafted comments waiting for approval, oldest first
import { apiRoute } from "@/server/http/api-route";
import { listPendingCommentsOperation } from "@/server/openapi/operations/approvals/list-pending-comments";
import { listPendingComments } from "@/server/services/approvals/list-pending-comments";

export const GET = apiRoute(listPendingCommentsOperation, async ({ actor, query }) => listPendingComments(actor, query));
