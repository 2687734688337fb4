// Rejects a comment draft: the lead skips the comment step and continues.
import type { Actor } from "../../lib/actor";
import type { TPendingComment } from "../../schemas/approvals";
import { decideDraft } from "./decide-draft";
import { getPendingComment } from "./get-pending-comment";
import { skipRejectedStep } from "./skip-rejected-step";

export async function rejectPendingComment(actor: Actor, id: string): Promise<TPendingComment> {
  await decideDraft({
    kind: "comment",
    actor,
    id,
    status: "rejected",
    then: (tx, emit, draft, at) => skipRejectedStep(tx, emit, draft, at, { outcome: null, detail: "Comment rejected" }),
  });
  return getPendingComment(actor, id);
}
