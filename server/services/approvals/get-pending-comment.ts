// One comment draft of the workspace; 404 for another workspace's.
import type { Actor } from "../../lib/actor";
import type { TPendingComment } from "../../schemas/approvals";
export async function getPendingComment(actor: Actor, id: string): Promise<TPendingComment> {
  throw new Error("getPendingComment is not built yet");
}
