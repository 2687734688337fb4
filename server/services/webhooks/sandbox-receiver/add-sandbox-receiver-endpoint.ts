import { db } from "../../../db/client";
import type { Actor } from "../../../lib/actor";
import { now } from "../../../lib/clock";
import { randomToken } from "../../../lib/crypto";
import { HeraldError } from "../../../lib/errors";
import { SUBSCRIBABLE_EVENTS } from "../../../schemas/events";
import type { TSavedWebhook } from "../../../schemas/webhook";
import { createWebhook } from "../create-webhook";
import { sandboxReceiverEnabled, sandboxReceiverUrl } from "./receiver-address";

/**
 * One click on the Sandbox page: gives the workspace its built-in receiver (once) and adds it as a
 * webhook endpoint subscribed to every event, within the workspace's endpoint cap.
 */
export async function addSandboxReceiverEndpoint(actor: Actor): Promise<TSavedWebhook> {
  if (!sandboxReceiverEnabled()) {
    throw new HeraldError({ code: "not-found", message: "The built-in webhook receiver exists only when Herald runs the sandbox network." });
  }
  const receiver = await db.sandboxWebhookReceiver.upsert({
    where: { workspaceId: actor.workspaceId },
    create: { workspaceId: actor.workspaceId, token: randomToken(24), createdAt: now() },
    update: {},
  });
  return createWebhook(actor, { url: sandboxReceiverUrl(receiver.token), events: [...SUBSCRIBABLE_EVENTS], classifyReplies: false });
}
