// Turns the list's sharing on or off (admins and owners): each sharing workspace refuses the people
// on any sharing workspace's list (find-listed-people.ts), so it takes both sides to share.
import { db } from "../../db/client";
import { requireRole, type Actor } from "../../lib/actor";
import { parseInput } from "../../lib/zod-issues";
import { ZDoNotContactSharing, type TDoNotContactSharing } from "../../schemas/do-not-contact";

export async function setDoNotContactSharing(actor: Actor, input: TDoNotContactSharing): Promise<TDoNotContactSharing> {
  requireRole(actor, "admin", "change whether the do-not-contact list is shared");
  const { shared } = parseInput(ZDoNotContactSharing, input);
  await db.workspace.update({ where: { id: actor.workspaceId }, data: { shareDoNotContact: shared } });
  return { shared };
}
