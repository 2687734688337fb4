import { dataEnvelope } from "../../../schemas/common";
import { ZPendingAgentWriteDetail } from "../../../schemas/agent-writes";
import { defineOperation } from "../../../http/api-operation";
import { AGENT_WRITES, ZPendingAgentWriteIdParams } from "./shared";

export const getPendingAgentWriteOperation = defineOperation({
  operationId: "getPendingAgentWrite",
  method: "get",
  path: "/pending-agent-writes/{id}",
  summary: "Get an AI agent's held action",
  description: ["One held agent action with its input and, once decided, its outcome.", AGENT_WRITES].join("\n\n"),
  tags: ["Approvals"],
  params: ZPendingAgentWriteIdParams,
  response: dataEnvelope(ZPendingAgentWriteDetail),
  errors: ["not-found"],
});
