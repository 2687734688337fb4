// Rejects a voice note: the lead continues on the no-reply branch without it, now.
import type { Actor } from "../../lib/actor";
import type { TPendingVoiceNote } from "../../schemas/approvals";
import { decideDraft } from "./decide-draft";
import { getPendingVoiceNote } from "./get-pending-voice-note";
import { skipRejectedStep } from "./skip-rejected-step";

export async function rejectPendingVoiceNote(actor: Actor, id: string): Promise<TPendingVoiceNote> {
  await decideDraft({
    kind: "voice_note",
    actor,
    id,
    status: "rejected",
    then: (tx, emit, draft, at) => skipRejectedStep(tx, emit, draft, at, { outcome: "no", detail: "Voice note rejected" }),
  });
  return getPendingVoiceNote(actor, id);
}
