import type { Actor } from "../../lib/actor";
import type { THookSubscription, TSubscribeHookInput } from "../../schemas/hook";
import type { TWebhookWarning } from "../../schemas/webhook";
import { REST_HOOK } from "../webhooks/rest-hook-origin";
import { createWebhook } from "../webhooks/create-webhook";

/**
 * Subscribes an automation platform's hook URL to events: a webhook endpoint made through the same
 * path as any other (the same SSRF check, cap, secret, signing and delivery), marked as a REST hook
 * with the API key that made it, so the dashboard can say so and the target's 410 Gone removes it.
 */
export async function subscribeHook(
  actor: Actor,
  input: TSubscribeHookInput,
): Promise<{ subscription: THookSubscription; warnings: TWebhookWarning[] }> {
  const { endpoint, warnings } = await createWebhook(
    actor,
    { url: input.targetUrl, events: input.events, classifyReplies: input.classifyReplies },
    { createdVia: REST_HOOK, createdByApiKeyId: actor.apiKeyId ?? null, urlField: "targetUrl" },
  );
  const subscription: THookSubscription = {
    id: endpoint.id,
    targetUrl: endpoint.url,
    events: endpoint.events,
    enabled: endpoint.enabled,
    classifyReplies: endpoint.classifyReplies,
    apiKeyId: actor.apiKeyId ?? null,
    createdAt: endpoint.createdAt,
    lastDeliveryAt: endpoint.lastDeliveryAt,
    failureCount: endpoint.failureCount,
    disabledReason: endpoint.disabledReason,
    secret: endpoint.secret,
  };
  return { subscription, warnings };
}
