// Replaces a pending voice note's audio with a person's own recording; it stays pending.
import type { Actor } from "../../lib/actor";
import type { TPendingVoiceNote } from "../../schemas/approvals";
export async function uploadVoiceNoteRecording(actor: Actor, id: string, input: { audio: string; mimeType: string; durationMs?: number }): Promise<TPendingVoiceNote> {
  throw new Error("uploadVoiceNoteRecording is not built yet");
}
