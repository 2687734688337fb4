// Approves or rejects several drafts at once (the queue's bulk actions); each is decided on its own,
// as if one by one: one already decided (or another workspace's) is skipped with the reason, and
// does not hold back the others.
import type { Actor } from "../../lib/actor";
import { isHeraldError } from "../../lib/errors";
import { parseInput } from "../../lib/zod-issues";
import { ZBulkDecisionInput } from "../../schemas/approvals";
import { approvePendingComment } from "./approve-pending-comment";
import { approvePendingVoiceNote } from "./approve-pending-voice-note";
import { rejectPendingComment } from "./reject-pending-comment";
import { rejectPendingVoiceNote } from "./reject-pending-voice-note";

const DECIDE = {
  comment: { approve: (actor: Actor, id: string) => approvePendingComment(actor, id, {}), reject: rejectPendingComment },
  voice_note: { approve: approvePendingVoiceNote, reject: rejectPendingVoiceNote },
} as const;

export async function decidePendingMany(actor: Actor, input: { kind: "comment" | "voice_note"; decision: "approve" | "reject"; ids: string[] }): Promise<{ decided: string[]; skipped: Array<{ id: string; reason: string }> }> {
  const { ids } = parseInput(ZBulkDecisionInput, { ids: input.ids });
  const decide = DECIDE[input.kind][input.decision];
  const decided: string[] = [];
  const skipped: Array<{ id: string; reason: string }> = [];
  // One at a time, in the order given: each decision is its own transaction and places its lead.
  for (const id of new Set(ids)) {
    try {
      await decide(actor, id);
      decided.push(id);
    } catch (error) {
      if (!isHeraldError(error) || (error.code !== "already-decided" && error.code !== "not-found")) throw error;
      skipped.push({ id, reason: error.code === "not-found" ? `This ${input.kind === "comment" ? "comment" : "voice note"} was not found.` : error.message });
    }
  }
  return { decided, skipped };
}
