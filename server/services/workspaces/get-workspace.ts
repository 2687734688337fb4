import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import type { TWorkspace } from "../../schemas/workspace";
import { countSeatHolders } from "../senders/seat-holders";
import { toWorkspace } from "./to-workspace";

/** A workspace the actor's user belongs to; any other id is a 404, whether it exists or not. */
export async function getWorkspace(actor: Actor, workspaceId: string = actor.workspaceId): Promise<TWorkspace> {
  const row = await db.workspace.findFirst({
    where: { id: workspaceId, memberships: { some: { userId: actor.userId } } },
  });
  if (!row) throw HeraldError.notFound("Workspace");
  return toWorkspace(row, await countSeatHolders(db, row.id));
}
