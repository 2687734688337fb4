import { db } from "../../db/client";
import { resolveActor } from "../members/resolve-actor";

/** Makes another of the user's workspaces the active one on the dashboard. */
export async function switchWorkspace(userId: string, workspaceId: string): Promise<void> {
  await resolveActor(userId, workspaceId);
  await db.user.update({ where: { id: userId }, data: { activeWorkspaceId: workspaceId } });
}
