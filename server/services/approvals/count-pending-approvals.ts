// Pending drafts per kind, for the navigation's counts: two counts under (workspaceId, status), a
// few milliseconds with 10,000 pending drafts (BENCHMARKS.md, "Approvals queue").
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";

export async function countPendingApprovals(actor: Actor): Promise<{ comments: number; voiceNotes: number }> {
  const where = { workspaceId: actor.workspaceId, status: "pending" };
  const [comments, voiceNotes] = await Promise.all([db.pendingComment.count({ where }), db.pendingVoiceNote.count({ where })]);
  return { comments, voiceNotes };
}
