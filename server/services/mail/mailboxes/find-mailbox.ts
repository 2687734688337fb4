import { db, type DbClient } from "../../../db/client";
import type { Actor } from "../../../lib/actor";
import { HeraldError } from "../../../lib/errors";

/** The actor's workspace's mailbox, or a 404 (also for another workspace's mailbox). */
export async function findMailbox(actor: Actor, mailboxId: string, client: DbClient = db) {
  const row = await client.mailbox.findFirst({ where: { id: mailboxId, workspaceId: actor.workspaceId } });
  if (!row) throw new HeraldError({ code: "not-found", message: "No mailbox with this id in the workspace" });
  return row;
}
