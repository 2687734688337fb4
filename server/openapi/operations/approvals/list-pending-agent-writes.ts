import { ZListPendingAgentWritesQuery, ZPendingAgentWriteList } from "../../../schemas/agent-writes";
import { defineOperation } from "../../../http/api-operation";
import { AGENT_WRITES } from "./shared";

export const listPendingAgentWritesOperation = defineOperation({
  operationId: "listPendingAgentWrites",
  method: "get",
  path: "/pending-agent-writes",
  summary: "List AI agents' actions waiting for approval",
  description: [
    "The Approvals queue's agent actions, each with what it would do in words, the API key that asked, the operation and its input. `status` filters (default `pending`, oldest first; `decided` lists approved, rejected and failed ones, newest decision first). Paged by `limit` and `offset`; `paging.total` counts the matches.",
    AGENT_WRITES,
  ].join("\n\n"),
  tags: ["Approvals"],
  query: ZListPendingAgentWritesQuery,
  response: ZPendingAgentWriteList,
  acceptsWorkspaceHeader: true,
});
