import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TMember } from "../../schemas/account-user";

export async function listMembers(actor: Actor): Promise<TMember[]> {
  const rows = await db.membership.findMany({
    where: { workspaceId: actor.workspaceId },
    include: { user: { select: { name: true, email: true } } },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    name: row.user.name,
    email: row.user.email,
    role: row.role,
    canManageBilling: row.canManageBilling,
    createdAt: row.createdAt.toISOString(),
  }));
}
