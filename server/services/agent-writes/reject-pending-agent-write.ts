// Rejects a held agent's write: it never runs.
import type { Actor } from "../../lib/actor";
import type { TPendingAgentWriteDetail } from "../../schemas/agent-writes";
import { claimAgentWrite } from "./decide-agent-write";
import { getPendingAgentWrite } from "./get-pending-agent-write";

export async function rejectPendingAgentWrite(actor: Actor, id: string): Promise<TPendingAgentWriteDetail> {
  await claimAgentWrite(actor, id, "rejected");
  return getPendingAgentWrite(actor, id);
}
