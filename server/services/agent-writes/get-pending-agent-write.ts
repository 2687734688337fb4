// One held agent's write with its input and outcome; another workspace's is 404.
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import type { TPendingAgentWriteDetail } from "../../schemas/agent-writes";
import { readPendingAgentWrites, requireAgentWritesReader } from "./read-pending-agent-writes";

export async function getPendingAgentWrite(actor: Actor, id: string): Promise<TPendingAgentWriteDetail> {
  requireAgentWritesReader(actor);
  const [row] = await readPendingAgentWrites({ id, workspaceId: actor.workspaceId }, { orderBy: [] });
  if (!row) throw HeraldError.notFound("Agent action");
  return row;
}
