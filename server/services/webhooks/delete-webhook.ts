import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { findWebhook } from "./find-webhook";

/** Removes the endpoint with its delivery log; nothing more is sent to it. */
export async function deleteWebhook(actor: Actor, webhookId: string): Promise<void> {
  const existing = await findWebhook(actor, webhookId);
  await db.webhookEndpoint.delete({ where: { id: existing.id } });
}
