import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import { REST_HOOK } from "../webhooks/rest-hook-origin";

/**
 * Removes a REST hook subscription of the actor's workspace, with its delivery log: nothing more is
 * sent to it. An id that is not one (never was, another workspace's, already removed, or an endpoint
 * added as a plain webhook, which only the webhooks API and the dashboard remove) is a 404, which
 * platforms retrying an unsubscribe treat as done.
 */
export async function unsubscribeHook(actor: Actor, hookId: string): Promise<void> {
  const { count } = await db.webhookEndpoint.deleteMany({ where: { id: hookId, workspaceId: actor.workspaceId, createdVia: REST_HOOK } });
  if (!count) {
    throw new HeraldError({
      code: "not-found",
      message: "This workspace has no REST hook subscription with that id: it was already removed (unsubscribed, deleted in the dashboard, or removed after its target answered 410 Gone), or it never existed.",
    });
  }
}
