import { db } from "../../db/client";
import { env } from "../../env";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { encryptSecret } from "../../lib/encryption";
import { HeraldError } from "../../lib/errors";
import type { TCreateWebhookInput, TSavedWebhook } from "../../schemas/webhook";
import { checkWebhookTarget } from "./check-webhook-target";
import { toWebhookEndpoint } from "./to-webhook-endpoint";
import { generateWebhookSecret } from "./webhook-signature";

/** Who made an endpoint: a user (dashboard, POST /webhooks), or a REST hook with the API key that subscribed it. */
export interface WebhookOrigin {
  createdVia: "user" | "rest-hook";
  createdByApiKeyId: string | null;
  /** The input a refused URL is named by in the 400 (`url`; REST hooks say `targetUrl`). */
  urlField: string;
}

const USER_ORIGIN: WebhookOrigin = { createdVia: "user", createdByApiKeyId: null, urlField: "url" };

/**
 * Registers an endpoint; `warnings` say what was accepted with a caveat (a host that does not resolve
 * yet). A workspace has at most HERALD_MAX_WEBHOOKS_PER_WORKSPACE endpoints: every event is delivered
 * to each, so an unbounded list multiplies the deliveries (and outbound requests) of a single event.
 * Counted first (no DNS lookup for a refused endpoint), then again with the insert under the
 * workspace's lock, so that parallel creations cannot pass the cap.
 */
export async function createWebhook(actor: Actor, input: TCreateWebhookInput, origin: WebhookOrigin = USER_ORIGIN): Promise<TSavedWebhook> {
  const { url, events, classifyReplies } = input;
  const cap = env().HERALD_MAX_WEBHOOKS_PER_WORKSPACE;
  refuseAtCap(cap, await db.webhookEndpoint.count({ where: { workspaceId: actor.workspaceId } }));
  const warnings = await checkWebhookTarget(url, origin.urlField);
  const row = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`webhooks:${actor.workspaceId}`}))`;
    refuseAtCap(cap, await tx.webhookEndpoint.count({ where: { workspaceId: actor.workspaceId } }));
    const at = now();
    return tx.webhookEndpoint.create({
      data: {
        workspaceId: actor.workspaceId,
        url,
        events,
        classifyReplies,
        secretEncrypted: encryptSecret(generateWebhookSecret()),
        createdVia: origin.createdVia,
        createdByApiKeyId: origin.createdByApiKeyId,
        createdAt: at,
        updatedAt: at,
      },
    });
  });
  return { endpoint: toWebhookEndpoint(row), warnings };
}

function refuseAtCap(cap: number, count: number): void {
  if (count < cap) return;
  throw new HeraldError({
    code: "webhook-limit-reached",
    message: `This workspace already has ${count} webhook endpoints, the most it may have (${cap}). Delete one you no longer use, or subscribe an existing endpoint to more events.`,
    details: { limit: cap },
  });
}
