// How an approved agent's write finds its operation's handler: the registry's, imported when first
// needed because the registry lists the approvals' own handlers, which use this.
import type { FindAgentWriteRunner } from "../services/agent-writes/approve-pending-agent-write";

export async function agentWriteRunners(): Promise<FindAgentWriteRunner> {
  const { apiHandlersById } = await import("./registry");
  return (operationId) => apiHandlersById.get(operationId);
}
