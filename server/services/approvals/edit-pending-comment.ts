// Changes a pending draft's text; it stays pending.
import type { Actor } from "../../lib/actor";
import type { TPendingComment } from "../../schemas/approvals";
export async function editPendingComment(actor: Actor, id: string, input: { comment: string }): Promise<TPendingComment> {
  throw new Error("editPendingComment is not built yet");
}
