// Rejects a voice note: the lead continues on the no-reply branch without it.
import type { Actor } from "../../lib/actor";
import type { TPendingVoiceNote } from "../../schemas/approvals";
export async function rejectPendingVoiceNote(actor: Actor, id: string): Promise<TPendingVoiceNote> {
  throw new Error("rejectPendingVoiceNote is not built yet");
}
