// Approves a voice note: the sender's next turn sends it as a LinkedIn voice message. 409 already-decided.
import type { Actor } from "../../lib/actor";
import type { TPendingVoiceNote } from "../../schemas/approvals";
import { decideDraft, releaseLead } from "./decide-draft";
import { getPendingVoiceNote } from "./get-pending-voice-note";

export async function approvePendingVoiceNote(actor: Actor, id: string): Promise<TPendingVoiceNote> {
  await decideDraft({ kind: "voice_note", actor, id, status: "approved", then: (tx, _emit, draft, at) => releaseLead(tx, draft, at) });
  return getPendingVoiceNote(actor, id);
}
