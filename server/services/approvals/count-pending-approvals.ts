// Pending drafts per kind, for the navigation's counts.
import type { Actor } from "../../lib/actor";
export async function countPendingApprovals(actor: Actor): Promise<{ comments: number; voiceNotes: number }> {
  throw new Error("countPendingApprovals is not built yet");
}
