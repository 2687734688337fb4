// Pending drafts per kind, for the navigation's counts: two counts under (workspaceId, status), a
// few milliseconds with 10,000 pending drafts (BENCHMARKS.md, "Approvals queue").
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { waitingLead } from "./list-pending-ai-lines";

export async function countPendingApprovals(actor: Actor): Promise<{ comments: number; voiceNotes: number; aiLines: number }> {
  const where = { workspaceId: actor.workspaceId, status: "pending" };
  const [comments, voiceNotes, aiLines] = await Promise.all([
    db.pendingComment.count({ where }),
    db.pendingVoiceNote.count({ where }),
    // Per-lead AI lines waiting for approval, under the same (workspaceId, status) index.
    db.aiLine.count({ where: { workspaceId: actor.workspaceId, status: "pending-approval", ...waitingLead(undefined) } }),
  ]);
  return { comments, voiceNotes, aiLines };
}
