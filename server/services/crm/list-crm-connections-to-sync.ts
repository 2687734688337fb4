import { db } from "../../db/client";

/** The connections the scheduled sync runs for: connected (or failing, to recover), pushing or pulling. */
export async function listCrmConnectionsToSync(): Promise<Array<{ id: string; workspaceId: string }>> {
  const rows = await db.crmConnection.findMany({
    where: { status: { in: ["connected", "error"] }, OR: [{ pushEnabled: true }, { pullEnabled: true }] },
    select: { id: true, workspaceId: true },
    orderBy: { id: "asc" },
  });
  return rows;
}
