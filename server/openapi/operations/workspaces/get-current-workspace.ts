import { dataEnvelope } from "../../../schemas/common";
import { ZWorkspace } from "../../../schemas/workspace";
import { defineOperation } from "../../../http/api-operation";

export const getCurrentWorkspaceOperation = defineOperation({
  operationId: "getCurrentWorkspace",
  method: "get",
  path: "/workspace",
  summary: "The effective workspace",
  description:
    "The workspace requests act in: the API key's own, or the one named by `X-Herald-Workspace` when the key's creator belongs to it (403 `workspace-not-allowed` otherwise). Shows seat allocation, AI credit balance and settings.",
  tags: ["Workspaces"],
  response: dataEnvelope(ZWorkspace),
  acceptsWorkspaceHeader: true,
});
