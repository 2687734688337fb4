import { dataEnvelope } from "../../../schemas/common";
import { ZPendingAgentWriteDetail } from "../../../schemas/agent-writes";
import { defineOperation } from "../../../http/api-operation";
import { AGENT_WRITE_DECISIONS, ZPendingAgentWriteIdParams } from "./shared";

export const rejectPendingAgentWriteOperation = defineOperation({
  operationId: "rejectPendingAgentWrite",
  method: "post",
  path: "/pending-agent-writes/{id}/reject",
  summary: "Reject an AI agent's action",
  description: ["The action becomes `rejected` and never runs.", AGENT_WRITE_DECISIONS].join("\n\n"),
  tags: ["Approvals"],
  params: ZPendingAgentWriteIdParams,
  response: dataEnvelope(ZPendingAgentWriteDetail),
  errors: ["not-found", "already-decided"],
});
