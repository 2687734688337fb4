import { db } from "../../db/client";
import type { TWorkspace } from "../../schemas/workspace";
import { toWorkspace } from "./to-workspace";

/** A new workspace (its name validated by the caller with ZWorkspaceName) owned by the user (with billing rights), made the user's active one. */
export async function createWorkspace(userId: string, name: string): Promise<TWorkspace> {
  const workspace = await db.$transaction(async (tx) => {
    const created = await tx.workspace.create({ data: { name } });
    await tx.membership.create({
      data: { workspaceId: created.id, userId, role: "owner", canManageBilling: true },
    });
    await tx.user.update({ where: { id: userId }, data: { activeWorkspaceId: created.id } });
    return created;
  });
  return toWorkspace(workspace, 0);
}
