// Lists a workspace's voice notes waiting for a person (default: pending, oldest first).
import type { Actor } from "../../lib/actor";
import type { TListApprovalsQuery, TPendingVoiceNote } from "../../schemas/approvals";
export async function listPendingVoiceNotes(actor: Actor, query: TListApprovalsQuery): Promise<{ data: TPendingVoiceNote[]; paging: { limit: number; offset: number; total: number } }> {
  throw new Error("listPendingVoiceNotes is not built yet");
}
