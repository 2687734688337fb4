// REST hooks: the subscriptions automation platforms (Zapier, Make, n8n) make and remove themselves
// through /api/v1/hooks. A subscription is a webhook endpoint (same table, signing, delivery and
// limits) marked as made by a REST hook; these are the shapes of its API.
import { z } from "zod";
import { ZTimestamp } from "./common";
import { ZEventEnvelope, ZEventName } from "./events";
import { ZWebhookEvents, ZWebhookUrl, ZWebhookWarning } from "./webhook";

const ALIAS = "Alias of `targetUrl`, as some platforms name it; send one of the three";

/**
 * What a platform sends to subscribe. Zapier's, Make's and n8n's usual bodies all fit:
 * `{targetUrl, event}`, `{target_url, event}`, `{url, events: [...]}`.
 */
export const ZSubscribeHookInput = z
  .object({
    targetUrl: ZWebhookUrl.optional().meta({ description: "Where deliveries go (the platform's hook URL)", example: "https://hooks.zapier.com/hooks/standard/1234567/abcdef/" }),
    target_url: ZWebhookUrl.optional().meta({ description: ALIAS }),
    url: ZWebhookUrl.optional().meta({ description: ALIAS }),
    event: ZEventName.optional().meta({ description: "One event to subscribe to (or send `events`)", example: "email.received" }),
    events: ZWebhookEvents.optional().meta({ description: "Several events (or send `event`)" }),
    classifyReplies: z.boolean().optional().meta({ description: "Classify replies on message.received and email.received (spends AI credits); default false" }),
  })
  .superRefine((value, context) => {
    const urls = [value.targetUrl, value.target_url, value.url].filter((entry) => entry !== undefined);
    if (urls.length === 0) context.addIssue({ code: "custom", path: ["targetUrl"], message: "is required: the address Herald delivers the events to" });
    if (urls.length > 1) context.addIssue({ code: "custom", path: ["targetUrl"], message: "send one address: targetUrl, target_url or url, not several" });
    if (value.event === undefined && value.events === undefined) context.addIssue({ code: "custom", path: ["event"], message: "is required: name the event to subscribe to (or send events)" });
    if (value.event !== undefined && value.events !== undefined) context.addIssue({ code: "custom", path: ["event"], message: "send either event or events, not both" });
  })
  .transform((value) => ({
    targetUrl: (value.targetUrl ?? value.target_url ?? value.url)!,
    events: value.events ?? [value.event!],
    classifyReplies: value.classifyReplies ?? false,
  }));
export type TSubscribeHookInput = z.output<typeof ZSubscribeHookInput>;

export const ZHook = z
  .object({
    id: z.string().meta({ description: "The subscription's id: also its webhook endpoint's id", example: "whk_0f6c2d8e9a7b4c3d8e1f2a3b4c5d6e7f" }),
    targetUrl: z.string(),
    events: z.array(ZEventName),
    enabled: z.boolean(),
    classifyReplies: z.boolean(),
    apiKeyId: z.string().nullable().meta({ description: "The API key that subscribed it. Revoking (or deleting) that key removes the subscription" }),
    createdAt: ZTimestamp,
    lastDeliveryAt: ZTimestamp.nullable(),
    failureCount: z.number().int().meta({ description: "Consecutive failed attempts; 25 disable it" }),
    disabledReason: z.string().nullable(),
  })
  .meta({ id: "Hook" });
export type THook = z.infer<typeof ZHook>;

/** A new subscription, with its secret (shown in the subscribe answer only). */
export const ZHookSubscription = ZHook.extend({
  secret: z.string().meta({
    description:
      "Signing secret, shown only in this answer. `X-Herald-Signature` is the hex HMAC-SHA256 of the raw body keyed by this string; the Standard Webhooks headers verify with it as the `whsec_` secret.",
  }),
}).meta({ id: "HookSubscription" });
export type THookSubscription = z.infer<typeof ZHookSubscription>;

/** The answer to a subscription: `{data}` like every single resource, and its caveats beside it. */
export const ZSavedHook = z.object({
  data: ZHookSubscription,
  warnings: z.array(ZWebhookWarning).optional().meta({ description: "Present when the subscription was saved with a caveat (`host-unresolved`)" }),
});

/** The answer to an unsubscribe, as DELETE /webhooks/{id} answers. */
export const ZHookRemoved = z.object({ data: z.object({ id: z.string(), deleted: z.literal(true) }) });

export const ZHookIdParams = z.object({
  id: z.string().min(1).meta({ description: "Subscription id (from the subscribe answer)", example: "whk_0f6c2d8e9a7b4c3d8e1f2a3b4c5d6e7f" }),
});

export const ZHookSampleParams = z.object({ event: ZEventName.meta({ description: "A subscribable event", example: "email.received" }) });

export const ZHookSamples = z.object({
  data: z.array(ZEventEnvelope).meta({ description: "Sample delivery bodies, made up (never the workspace's data): one, or for account.connected, status_changed, paused and resumed two, a LinkedIn sender's then a mailbox's (`channel: \"email\"`)" }),
});
