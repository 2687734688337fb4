import { db } from "../../db/client";
import { parseInput } from "../../lib/zod-issues";
import { ZWorkspaceName, type TWorkspace } from "../../schemas/workspace";
import { toWorkspace } from "./to-workspace";

/** A new workspace owned by the user (with billing rights), made the user's active one. */
export async function createWorkspace(userId: string, name: string): Promise<TWorkspace> {
  const workspaceName = parseInput(ZWorkspaceName, name, "name");
  const workspace = await db.$transaction(async (tx) => {
    const created = await tx.workspace.create({ data: { name: workspaceName } });
    await tx.membership.create({
      data: { workspaceId: created.id, userId, role: "owner", canManageBilling: true },
    });
    await tx.user.update({ where: { id: userId }, data: { activeWorkspaceId: created.id } });
    return created;
  });
  return toWorkspace(workspace, 0);
}
