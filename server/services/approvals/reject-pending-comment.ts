// Rejects a comment draft: the lead skips the comment step and continues.
import type { Actor } from "../../lib/actor";
import type { TPendingComment } from "../../schemas/approvals";
export async function rejectPendingComment(actor: Actor, id: string): Promise<TPendingComment> {
  throw new Error("rejectPendingComment is not built yet");
}
