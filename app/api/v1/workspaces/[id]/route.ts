// GET /api/v1/workspaces/{id} – one workspace of the key's creator
import { apiRoute } from "@/server/http/api-route";
import { getWorkspaceOperation } from "@/server/openapi/operations/workspaces/get-workspace";
import { getWorkspace } from "@/server/services/workspaces/get-workspace";

export const GET = apiRoute(getWorkspaceOperation, async ({ actor, params }) => ({
  data: await getWorkspace(actor, params.id),
}));
