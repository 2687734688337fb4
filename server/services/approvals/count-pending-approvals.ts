// Pending drafts per kind, for the navigation's counts: two index-only counts on (workspaceId,
// status, createdAt), whose cost grows with the pending drafts only (see BENCHMARKS.md).
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";

export async function countPendingApprovals(actor: Actor): Promise<{ comments: number; voiceNotes: number }> {
  const where = { workspaceId: actor.workspaceId, status: "pending" };
  const [comments, voiceNotes] = await Promise.all([db.pendingComment.count({ where }), db.pendingVoiceNote.count({ where })]);
  return { comments, voiceNotes };
}
