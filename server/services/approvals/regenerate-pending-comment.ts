// Writes a new draft for a pending comment, spending AI credits; it stays pending.
import type { Actor } from "../../lib/actor";
import type { TPendingComment } from "../../schemas/approvals";
export async function regeneratePendingComment(actor: Actor, id: string, input: { prompt?: string }): Promise<TPendingComment> {
  throw new Error("regeneratePendingComment is not built yet");
}
