// One pending voice note with a fresh signed audioUrl; 404 for another workspace's.
import type { Actor } from "../../lib/actor";
import type { TPendingVoiceNote } from "../../schemas/approvals";
export async function getPendingVoiceNote(actor: Actor, id: string): Promise<TPendingVoiceNote> {
  throw new Error("getPendingVoiceNote is not built yet");
}
