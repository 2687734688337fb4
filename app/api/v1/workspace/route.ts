// GET /api/v1/workspace – the effective workspace
// PATCH /api/v1/workspace – change its name or settings
import { apiRoute } from "@/server/http/api-route";
import { getCurrentWorkspaceOperation } from "@/server/openapi/operations/workspaces/get-current-workspace";
import { updateCurrentWorkspaceOperation } from "@/server/openapi/operations/workspaces/update-current-workspace";
import { getWorkspace } from "@/server/services/workspaces/get-workspace";
import { updateWorkspaceSettings } from "@/server/services/workspaces/update-workspace-settings";

export const GET = apiRoute(getCurrentWorkspaceOperation, async ({ actor }) => ({ data: await getWorkspace(actor) }));

export const PATCH = apiRoute(updateCurrentWorkspaceOperation, async ({ actor, body }) => ({
  data: await updateWorkspaceSettings(actor, body),
}));
