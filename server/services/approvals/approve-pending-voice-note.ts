// Approves a voice note: the sender's next turn sends it as a LinkedIn voice message. 409 already-decided.
import type { Actor } from "../../lib/actor";
import type { TPendingVoiceNote } from "../../schemas/approvals";
export async function approvePendingVoiceNote(actor: Actor, id: string): Promise<TPendingVoiceNote> {
  throw new Error("approvePendingVoiceNote is not built yet");
}
