// The queue of agents' writes: pending ones oldest first (the order they were asked in), decided
// ones newest decision first. Under the (workspaceId, status, createdAt) index.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { parseInput } from "../../lib/zod-issues";
import { ZListPendingAgentWritesQuery, type TListPendingAgentWritesQuery, type TPendingAgentWriteList } from "../../schemas/agent-writes";
import { readPendingAgentWrites, requireAgentWritesReader } from "./read-pending-agent-writes";

export async function listPendingAgentWrites(actor: Actor, query: Partial<TListPendingAgentWritesQuery>): Promise<TPendingAgentWriteList> {
  requireAgentWritesReader(actor);
  const { limit, offset, status = "pending" } = parseInput(ZListPendingAgentWritesQuery, query);
  const where = {
    workspaceId: actor.workspaceId,
    status: status === "decided" ? { in: ["approved", "rejected", "failed"] } : status,
  };
  const orderBy = status === "pending" ? [{ createdAt: "asc" as const }, { id: "asc" as const }] : [{ decidedAt: "desc" as const }, { id: "desc" as const }];
  const [total, data] = await Promise.all([db.pendingAgentWrite.count({ where }), readPendingAgentWrites(where, { orderBy, take: limit, skip: offset })]);
  return { data, paging: { limit, offset, total } };
}
