// Approves a comment draft (optionally with edited text): the sender's next turn posts it. 409 already-decided.
import type { Actor } from "../../lib/actor";
import type { TPendingComment } from "../../schemas/approvals";
export async function approvePendingComment(actor: Actor, id: string, input: { comment?: string }): Promise<TPendingComment> {
  throw new Error("approvePendingComment is not built yet");
}
