import { db } from "../../db/client";

export const CONNECTIONS_PER_PAGE = 500;

/**
 * A page of the connections the scheduled sync runs for, in id order after `afterId`: connected
 * (or failing, to recover), pushing or pulling. Paged so a large installation's schedule never
 * holds every connection in one step's answer.
 */
export async function listCrmConnectionsToSync(afterId: string | null = null, limit = CONNECTIONS_PER_PAGE): Promise<Array<{ id: string; workspaceId: string }>> {
  return db.crmConnection.findMany({
    where: { status: { in: ["connected", "error"] }, OR: [{ pushEnabled: true }, { pullEnabled: true }], ...(afterId ? { id: { gt: afterId } } : {}) },
    select: { id: true, workspaceId: true },
    orderBy: { id: "asc" },
    take: limit,
  });
}
