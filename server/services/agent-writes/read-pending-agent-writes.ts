// Reads held agents' writes with who asked and who decided, for the queue: two statements however
// many rows (the rows with their keys' names, then the deciders' names).
import { db } from "../../db/client";
import type { Prisma } from "../../db/generated/client";
import { HeraldError } from "../../lib/errors";
import { requireRole, type Actor } from "../../lib/actor";
import type { TPendingAgentWriteDetail } from "../../schemas/agent-writes";
import { AGENT_WRITE_INCLUDE, toPendingAgentWriteDetail } from "./to-pending-agent-write";

/**
 * Members, admins and owners see the queue; approvers (who work the drafts' queues) do not: an
 * agent's write is the workspace's configuration and data, beyond their reach.
 */
export function requireAgentWritesReader(actor: Actor): void {
  if (actor.role === "approver") {
    throw new HeraldError({ code: "forbidden", message: "Agents' actions are seen by the workspace's members, admins and owners." });
  }
  requireRole(actor, "member", "see agents' actions");
}

export async function readPendingAgentWrites(
  where: Prisma.PendingAgentWriteWhereInput,
  page: { orderBy: Prisma.PendingAgentWriteOrderByWithRelationInput[]; take?: number; skip?: number },
): Promise<TPendingAgentWriteDetail[]> {
  const rows = await db.pendingAgentWrite.findMany({ where, include: AGENT_WRITE_INCLUDE, ...page });
  const deciderIds = [...new Set(rows.map((row) => row.decidedById).filter((id): id is string => Boolean(id)))];
  const deciders = deciderIds.length ? await db.user.findMany({ where: { id: { in: deciderIds } }, select: { id: true, name: true, email: true } }) : [];
  const names = new Map(deciders.map((user) => [user.id, user.name || user.email]));
  return rows.map((row) => toPendingAgentWriteDetail({ ...row, decidedBy: row.decidedById ? (names.get(row.decidedById) ?? null) : null }));
}
