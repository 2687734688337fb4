// GET /api/v1/workspace – the effective workspace
import { apiRoute } from "@/server/http/api-route";
import { getCurrentWorkspaceOperation } from "@/server/openapi/operations/workspaces/get-current-workspace";
import { getWorkspace } from "@/server/services/workspaces/get-workspace";

export const GET = apiRoute(getCurrentWorkspaceOperation, async ({ actor }) => ({ data: await getWorkspace(actor) }));
