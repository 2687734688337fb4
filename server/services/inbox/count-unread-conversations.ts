import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";

/** The workspace's unread conversations, for the navigation's badge: one count over the (workspaceId, unread) index. */
export async function countUnreadConversations(actor: Actor): Promise<{ unreadCount: number }> {
  return { unreadCount: await db.conversation.count({ where: { workspaceId: actor.workspaceId, unread: true } }) };
}
