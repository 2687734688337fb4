import { db, type DbClient } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";

/** The actor's workspace's sender, or a 404 (also for another workspace's sender). */
export async function findSender(actor: Actor, accountId: string, client: DbClient = db) {
  const row = await client.linkedinAccount.findFirst({ where: { id: accountId, workspaceId: actor.workspaceId } });
  if (!row) throw HeraldError.notFound("Sender account");
  return row;
}
