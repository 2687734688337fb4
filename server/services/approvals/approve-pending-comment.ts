// Approves a comment draft (optionally with edited text): the sender's next turn posts it. 409 already-decided.
import type { Actor } from "../../lib/actor";
import { parseInput } from "../../lib/zod-issues";
import { ZApproveCommentInput, type TPendingComment } from "../../schemas/approvals";
import { decideDraft, releaseLead } from "./decide-draft";
import { getPendingComment } from "./get-pending-comment";

export async function approvePendingComment(actor: Actor, id: string, input: { comment?: string }): Promise<TPendingComment> {
  const { comment } = parseInput(ZApproveCommentInput, input ?? {});
  await decideDraft({ kind: "comment", actor, id, status: "approved", fields: { comment }, then: (tx, _emit, draft, at) => releaseLead(tx, draft, at) });
  return getPendingComment(actor, id);
}
