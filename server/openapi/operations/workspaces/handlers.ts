// The handlers of the workspaces operations: what each answers, beside its operation in this folder.
// Listed in server/openapi/registry.ts, wrapped by server/http/api-handler.ts (authentication,
// validation, idempotency, errors). Kept apart from the operation files, which the OpenAPI document
// and the dashboard's API reference import without the services.
import { apiHandler } from "../../../http/api-handler";
import { getWorkspace } from "../../../services/workspaces/get-workspace";
import { listUserWorkspaces } from "../../../services/workspaces/list-user-workspaces";
import { updateWorkspaceSettings } from "../../../services/workspaces/update-workspace-settings";
import { getCurrentWorkspaceOperation } from "./get-current-workspace";
import { getWorkspaceOperation } from "./get-workspace";
import { listWorkspacesOperation } from "./list-workspaces";
import { updateCurrentWorkspaceOperation } from "./update-current-workspace";

export const workspacesHandlers = [
  // GET /api/v1/workspace – the effective workspace
  apiHandler(getCurrentWorkspaceOperation, async ({ actor }) => ({ data: await getWorkspace(actor) })),
  // PATCH /api/v1/workspace – change its name or settings
  apiHandler(updateCurrentWorkspaceOperation, async ({ actor, body }) => ({
    data: await updateWorkspaceSettings(actor, body),
  })),
  // GET /api/v1/workspaces – workspaces the key's creator belongs to
  apiHandler(listWorkspacesOperation, async ({ actor, query }) => {
    const all = await listUserWorkspaces(actor.userId);
    return {
      data: all.slice(query.offset, query.offset + query.limit),
      paging: { limit: query.limit, offset: query.offset, total: all.length },
    };
  }),
  // GET /api/v1/workspaces/{id} – one workspace of the key's creator
  apiHandler(getWorkspaceOperation, async ({ actor, params }) => ({
    data: await getWorkspace(actor, params.id),
  })),
];
