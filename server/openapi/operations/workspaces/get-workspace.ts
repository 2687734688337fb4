import { z } from "zod";
import { dataEnvelope } from "../../../schemas/common";
import { ZWorkspace } from "../../../schemas/workspace";
import { defineOperation } from "../../../http/api-operation";

export const getWorkspaceOperation = defineOperation({
  operationId: "getWorkspace",
  method: "get",
  path: "/workspaces/{id}",
  summary: "One workspace of the key's creator",
  description: "404 for any workspace the key's creator does not belong to, whether it exists or not.",
  tags: ["Workspaces"],
  params: z.object({ id: z.string().min(1).meta({ description: "Workspace id", example: "wsp_3f2a9c0d1e4b4a7c8d9e0f1a2b3c4d5e" }) }),
  response: dataEnvelope(ZWorkspace),
  errors: ["not-found"],
});
