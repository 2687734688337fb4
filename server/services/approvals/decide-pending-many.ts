// Approves or rejects several drafts at once (the queue's bulk actions); each is decided on its own.
import type { Actor } from "../../lib/actor";
export async function decidePendingMany(actor: Actor, input: { kind: "comment" | "voice_note"; decision: "approve" | "reject"; ids: string[] }): Promise<{ decided: string[]; skipped: Array<{ id: string; reason: string }> }> {
  throw new Error("decidePendingMany is not built yet");
}
