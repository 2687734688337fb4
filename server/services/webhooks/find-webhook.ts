import { db, type DbClient } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";

/** The actor's workspace's endpoint, or a 404 (also for another workspace's endpoint). */
export async function findWebhook(actor: Actor, webhookId: string, client: DbClient = db) {
  const row = await client.webhookEndpoint.findFirst({ where: { id: webhookId, workspaceId: actor.workspaceId } });
  if (!row) throw HeraldError.notFound("Webhook endpoint");
  return row;
}
