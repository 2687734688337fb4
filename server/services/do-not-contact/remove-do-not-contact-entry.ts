// Takes an entry off the list: the person it names may be contacted again, so only an admin or owner
// may (an unsubscribe is the person's own wish). An erased person's entry is removed like any other.
import { db } from "../../db/client";
import { requireRole, type Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";

export async function removeDoNotContactEntry(actor: Actor, id: string): Promise<void> {
  requireRole(actor, "admin", "remove an entry from the do-not-contact list");
  const removed = await db.doNotContactEntry.deleteMany({ where: { id, workspaceId: actor.workspaceId } });
  if (!removed.count) throw HeraldError.notFound("Do-not-contact entry");
}
