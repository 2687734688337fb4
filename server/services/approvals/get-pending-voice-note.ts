// One pending voice note with a fresh signed audioUrl; 404 for another workspace's.
import { db, type DbClient } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import type { TPendingVoiceNote } from "../../schemas/approvals";
import { DRAFT_LEAD_INCLUDE } from "./draft-context";
import { toPendingVoiceNotes } from "./to-pending-voice-note";

export async function getPendingVoiceNote(actor: Actor, id: string, client: DbClient = db): Promise<TPendingVoiceNote> {
  const row = await client.pendingVoiceNote.findFirst({ where: { id, workspaceId: actor.workspaceId }, include: DRAFT_LEAD_INCLUDE });
  if (!row) throw HeraldError.notFound("Voice note");
  const [voiceNote] = await toPendingVoiceNotes([row], client);
  return voiceNote!;
}
