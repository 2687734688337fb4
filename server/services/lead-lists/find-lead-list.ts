import { db, type DbClient } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";

export async function findLeadList(actor: Actor, listId: string, client: DbClient = db) {
  const row = await client.leadList.findFirst({ where: { id: listId, workspaceId: actor.workspaceId } });
  if (!row) throw HeraldError.notFound("Lead list");
  return row;
}
