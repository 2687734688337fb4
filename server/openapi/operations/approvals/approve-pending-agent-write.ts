import { dataEnvelope } from "../../../schemas/common";
import { ZPendingAgentWriteDetail } from "../../../schemas/agent-writes";
import { defineOperation } from "../../../http/api-operation";
import { AGENT_WRITE_DECISIONS, ZPendingAgentWriteIdParams } from "./shared";

export const approvePendingAgentWriteOperation = defineOperation({
  operationId: "approvePendingAgentWrite",
  method: "post",
  path: "/pending-agent-writes/{id}/approve",
  summary: "Approve an AI agent's action and run it",
  description: [
    "Runs the held operation now, once, with the input the agent sent, as the API key that asked — with the key's rights as they are now and counted against its budgets. The answer is the action with `status` `approved` and the operation's answer in `result` (`{status, body}`), or `failed` with why in `result` (the key was revoked, its creator left the workspace or lost the role, its budget is used up, or the operation refused the input).",
    AGENT_WRITE_DECISIONS,
  ].join("\n\n"),
  tags: ["Approvals"],
  params: ZPendingAgentWriteIdParams,
  response: dataEnvelope(ZPendingAgentWriteDetail),
  errors: ["not-found", "already-decided"],
});
