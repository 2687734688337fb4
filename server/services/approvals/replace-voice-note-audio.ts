// Puts new audio on a pending voice note (re-recorded, or a person's own recording): the row points
// to the new file only while the note is still pending, and the old file is removed once it no
// longer does. A note decided meanwhile keeps its audio, and the new file is removed instead.
import type { Prisma } from "../../db/client";
import { db } from "../../db/client";
import { now } from "../../lib/clock";
import { logger } from "../../lib/logger";
import { getFileStorage } from "../../providers/storage";

export async function replaceVoiceNoteAudio(
  draft: { id: string; audioKey: string },
  audio: Pick<Prisma.PendingVoiceNoteUpdateManyMutationInput, "script" | "voiceId" | "voiceName" | "generations" | "recordedById"> & { audioKey: string; audioMimeType: string; durationMs: number },
): Promise<boolean> {
  const saved = await db.pendingVoiceNote.updateMany({ where: { id: draft.id, status: "pending" }, data: { ...audio, updatedAt: now() } });
  const unused = saved.count ? draft.audioKey : audio.audioKey;
  try {
    await getFileStorage().delete(unused);
  } catch (error) {
    // A file left behind costs storage only: nothing points to it any more.
    logger.warn("Removing a voice note's unused audio failed", { pendingVoiceNoteId: draft.id, key: unused, error });
  }
  return saved.count > 0;
}
