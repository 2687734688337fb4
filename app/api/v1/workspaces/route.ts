// GET /api/v1/workspaces – workspaces the key's creator belongs to
import { apiRoute } from "@/server/http/api-route";
import { listWorkspacesOperation } from "@/server/openapi/operations/workspaces/list-workspaces";
import { listUserWorkspaces } from "@/server/services/workspaces/list-user-workspaces";

export const GET = apiRoute(listWorkspacesOperation, async ({ actor, query }) => {
  const all = await listUserWorkspaces(actor.userId);
  return {
    data: all.slice(query.offset, query.offset + query.limit),
    paging: { limit: query.limit, offset: query.offset, total: all.length },
  };
});
