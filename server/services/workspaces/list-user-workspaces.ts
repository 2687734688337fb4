import { db } from "../../db/client";
import type { TMembershipSummary } from "../../schemas/workspace";

export async function listUserWorkspaces(userId: string): Promise<TMembershipSummary[]> {
  const memberships = await db.membership.findMany({
    where: { userId },
    include: { workspace: { select: { name: true } } },
    orderBy: { createdAt: "asc" },
  });
  return memberships.map((membership) => ({
    workspaceId: membership.workspaceId,
    workspaceName: membership.workspace.name,
    role: membership.role,
    canManageBilling: membership.canManageBilling,
  }));
}
