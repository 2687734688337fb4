import { db } from "../../../db/client";
import type { Actor } from "../../../lib/actor";
import { now } from "../../../lib/clock";
import { randomToken } from "../../../lib/crypto";
import { HeraldError } from "../../../lib/errors";
import { SUBSCRIBABLE_EVENTS } from "../../../schemas/events";
import type { TSavedWebhook } from "../../../schemas/webhook";
import { createWebhook } from "../create-webhook";
import { toWebhookEndpoint } from "../to-webhook-endpoint";
import { sandboxReceiverEnabled, sandboxReceiverUrl } from "./receiver-address";

/**
 * One click on the Sandbox page: gives the workspace its built-in receiver (once) and adds it as a
 * webhook endpoint subscribed to every event, within the workspace's endpoint cap; a second click
 * returns the endpoint already added.
 */
export async function addSandboxReceiverEndpoint(actor: Actor): Promise<TSavedWebhook> {
  if (!sandboxReceiverEnabled()) {
    throw new HeraldError({ code: "not-found", message: "The built-in webhook receiver exists only when Herald runs the sandbox network." });
  }
  // Two first clicks at once: one creates the receiver, the other finds it.
  await db.sandboxWebhookReceiver.createMany({ data: [{ workspaceId: actor.workspaceId, token: randomToken(24), createdAt: now() }], skipDuplicates: true });
  const receiver = await db.sandboxWebhookReceiver.findUniqueOrThrow({ where: { workspaceId: actor.workspaceId } });
  const url = sandboxReceiverUrl(receiver.token);
  // Added already: the same endpoint, not another one per click.
  const existing = await db.webhookEndpoint.findFirst({ where: { workspaceId: actor.workspaceId, url } });
  if (existing) return { endpoint: toWebhookEndpoint(existing), warnings: [] };
  return createWebhook(actor, { url, events: [...SUBSCRIBABLE_EVENTS], classifyReplies: false });
}
