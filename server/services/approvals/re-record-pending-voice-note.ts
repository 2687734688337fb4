// Speaks a pending voice note again (optionally from an edited script), spending AI credits; it stays pending.
import type { Actor } from "../../lib/actor";
import type { TPendingVoiceNote } from "../../schemas/approvals";
export async function reRecordPendingVoiceNote(actor: Actor, id: string, input: { script?: string }): Promise<TPendingVoiceNote> {
  throw new Error("reRecordPendingVoiceNote is not built yet");
}
