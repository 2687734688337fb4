import { z } from "zod";
import { ZPaginationQuery, ZTimestamp } from "./common";
import { ZEventEnvelope, ZEventName } from "./events";
import { webUrl } from "./web-url";

export const ZWebhookUrl = webUrl({ example: "https://example.com/hooks/herald", max: 2048 });

export const ZWebhookEvents = z
  .array(ZEventName)
  .min(1, "must name at least one event")
  .refine((events) => new Set(events).size === events.length, "must not repeat an event");

export const ZWebhookEndpoint = z
  .object({
    id: z.string().meta({ example: "whk_0f6c2d8e9a7b4c3d8e1f2a3b4c5d6e7f" }),
    url: z.string(),
    events: z.array(ZEventName),
    enabled: z.boolean(),
    classifyReplies: z.boolean().meta({ description: "Classify replies on message.received and email.received (spends AI credits)" }),
    secret: z.string().meta({
      description:
        "Signing secret. `X-Herald-Signature` is the hex HMAC-SHA256 of the raw body keyed by this string; the Standard Webhooks headers verify with it as the `whsec_` secret.",
    }),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
    lastDeliveryAt: ZTimestamp.nullable(),
    failureCount: z.number().int().meta({ description: "Consecutive failed attempts; 25 disable the endpoint" }),
    disabledReason: z.string().nullable(),
    createdVia: z.enum(["user", "rest-hook"]).meta({
      description: "Beyond the spec: `user` (the dashboard or POST /webhooks) or `rest-hook` (subscribed by an automation platform through POST /hooks)",
    }),
    createdByApiKeyId: z.string().nullable().meta({ description: "Beyond the spec: the API key that subscribed a REST hook (revoking that key removes the endpoint); null otherwise" }),
  })
  .meta({ id: "WebhookEndpoint" });
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZWebhookWarning = z
  .object({
    code: z.enum(["host-unresolved"]).meta({ description: "Stable code to branch on" }),
    field: z.string().meta({ description: "The input the warning is about", example: "url" }),
    message: z.string().meta({ description: "Plain-language explanation" }),
  })
  .meta({ id: "WebhookWarning" });
export type TWebhookWarning = z.infer<typeof ZWebhookWarning>;

/** What saving an endpoint answers: the endpoint, and warnings about it that did not stop the save. */
export const ZSavedWebhook = z.object({
  data: ZWebhookEndpoint,
  warnings: z.array(ZWebhookWarning).optional().meta({
    description: "Present when the endpoint was saved with a caveat, e.g. `host-unresolved`: its host did not resolve when it was saved",
  }),
});
export interface TSavedWebhook {
  endpoint: TWebhookEndpoint;
  warnings: TWebhookWarning[];
}

export const ZCreateWebhookInput = z.object({
  url: ZWebhookUrl,
  events: ZWebhookEvents,
  classifyReplies: z.boolean().default(false),
});
export type TCreateWebhookInput = z.infer<typeof ZCreateWebhookInput>;

export const ZUpdateWebhookInput = z
  .object({
    url: ZWebhookUrl.optional(),
    events: ZWebhookEvents.optional(),
    enabled: z.boolean().optional(),
    classifyReplies: z.boolean().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: "send at least one of url, events, enabled, classifyReplies",
  });
export type TUpdateWebhookInput = z.infer<typeof ZUpdateWebhookInput>;

export const ZDeliveryStatus = z.enum(["pending", "delivered", "failed"]);

export const ZWebhookDelivery = z
  .object({
    id: z.string().meta({ description: "Also sent as X-Herald-Delivery; stable across retries" }),
    webhookId: z.string(),
    event: z.string(),
    url: z.string(),
    status: ZDeliveryStatus,
    attempts: z.number().int(),
    responseStatus: z.number().int().nullable(),
    lastError: z.string().nullable(),
    nextAttemptAt: ZTimestamp.nullable(),
    createdAt: ZTimestamp,
    deliveredAt: ZTimestamp.nullable(),
    payload: ZEventEnvelope,
    test: z.boolean().meta({ description: "A delivery made by \"Send a test delivery\" (`webhook.test`): never retried" }),
  })
  .meta({ id: "WebhookDelivery" });
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZDeliveryAttempt = z
  .object({
    round: z.number().int().meta({ description: "1 for the automatic attempts, +1 for each manual retry" }),
    number: z.number().int().meta({ description: "Attempt within the round, 1 to 6" }),
    ok: z.boolean(),
    responseStatus: z.number().int().nullable(),
    responseBody: z.string().nullable().meta({
      description:
        "The beginning of the receiver's answer, at most 1000 characters, shortened at the end of a sentence or word with an ellipsis. Null when no connection was made (e.g. a refused target).",
    }),
    error: z.string().nullable(),
    durationMs: z.number().int(),
    startedAt: ZTimestamp,
  })
  .meta({ id: "WebhookDeliveryAttempt" });
export type TDeliveryAttempt = z.infer<typeof ZDeliveryAttempt>;

export const ZWebhookDeliveryDetail = ZWebhookDelivery.extend({ attemptHistory: z.array(ZDeliveryAttempt) }).meta({
  id: "WebhookDeliveryDetail",
});
export type TWebhookDeliveryDetail = z.infer<typeof ZWebhookDeliveryDetail>;

export const ZListDeliveriesQuery = ZPaginationQuery.extend({
  event: z.string().trim().min(1).max(100).optional(),
  status: ZDeliveryStatus.optional(),
  webhookId: z.string().trim().min(1).optional(),
});
export type TListDeliveriesQuery = z.infer<typeof ZListDeliveriesQuery>;

export const ZWebhookTestResult = z
  .object({
    delivered: z.boolean().meta({ description: "True when the receiver answered 2xx within 8 seconds" }),
    responseStatus: z.number().int().nullable(),
    durationMs: z.number().int(),
    error: z.string().nullable(),
    deliveryId: z.string().meta({ description: "The X-Herald-Delivery sent with the test" }),
  })
  .meta({ id: "WebhookTestResult" });
export type TWebhookTestResult = z.infer<typeof ZWebhookTestResult>;
