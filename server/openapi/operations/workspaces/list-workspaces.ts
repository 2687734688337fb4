import { listEnvelope, ZPaginationQuery } from "../../../schemas/common";
import { ZMembershipSummary } from "../../../schemas/workspace";
import { defineOperation } from "../../../http/api-operation";

export const listWorkspacesOperation = defineOperation({
  operationId: "listWorkspaces",
  method: "get",
  path: "/workspaces",
  summary: "Workspaces the key's creator belongs to",
  description: "Each one can be selected with `X-Herald-Workspace` on operations that accept it.",
  tags: ["Workspaces"],
  query: ZPaginationQuery,
  response: listEnvelope(ZMembershipSummary.meta({ id: "WorkspaceMembership" }), { total: true }),
});
