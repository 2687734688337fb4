import { db } from "../../db/client";

/**
 * The workspace the user works in on the dashboard: the one they switched to last, or their first
 * membership when that one is gone. null when the user belongs to no workspace.
 */
export async function getActiveWorkspaceId(userId: string): Promise<string | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { activeWorkspaceId: true } });
  if (!user) return null;
  if (user.activeWorkspaceId) {
    const stillMember = await db.membership.findUnique({
      where: { workspaceId_userId: { workspaceId: user.activeWorkspaceId, userId } },
      select: { id: true },
    });
    if (stillMember) return user.activeWorkspaceId;
  }
  const first = await db.membership.findFirst({ where: { userId }, orderBy: { createdAt: "asc" } });
  return first?.workspaceId ?? null;
}
