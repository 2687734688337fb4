// Whether the workspace shares its do-not-contact list with the installation's other sharing workspaces.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TDoNotContactSharing } from "../../schemas/do-not-contact";

export async function getDoNotContactSharing(actor: Actor): Promise<TDoNotContactSharing> {
  const workspace = await db.workspace.findUniqueOrThrow({ where: { id: actor.workspaceId }, select: { shareDoNotContact: true } });
  return { shared: workspace.shareDoNotContact };
}
