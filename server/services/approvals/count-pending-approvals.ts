// Pending drafts per kind, for the navigation's counts: two counts under (workspaceId, status), a
// few milliseconds with 10,000 pending drafts (BENCHMARKS.md, "Approvals queue").
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { waitingLead } from "./list-pending-ai-lines";

export async function countPendingApprovals(actor: Actor): Promise<{ comments: number; voiceNotes: number; aiLines: number; agentWrites: number }> {
  const where = { workspaceId: actor.workspaceId, status: "pending" };
  const [comments, voiceNotes, aiLines, agentWrites] = await Promise.all([
    db.pendingComment.count({ where }),
    db.pendingVoiceNote.count({ where }),
    // Per-lead AI lines waiting for approval, under the same (workspaceId, status) index.
    db.aiLine.count({ where: { workspaceId: actor.workspaceId, status: "pending-approval", ...waitingLead(undefined) } }),
    // AI agents' held writes (services/agent-writes), under their (workspaceId, status, createdAt)
    // index; approvers do not see that queue, so it adds nothing to theirs.
    actor.role === "approver" ? 0 : db.pendingAgentWrite.count({ where }),
  ]);
  return { comments, voiceNotes, aiLines, agentWrites };
}
