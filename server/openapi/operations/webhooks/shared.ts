import { z } from "zod";

export const ZWebhookIdParams = z.object({
  id: z.string().min(1).meta({ description: "Webhook endpoint id", example: "whk_0f6c2d8e9a7b4c3d8e1f2a3b4c5d6e7f" }),
});

export const ZDeliveryIdParams = z.object({
  id: z.string().min(1).meta({ description: "Delivery id (the X-Herald-Delivery header)", example: "dlv_5b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e" }),
});

export const SIGNATURE_NOTE =
  "Deliveries are POSTs of `{event, workspaceId, createdAt, data}` with `X-Herald-Event`, `X-Herald-Delivery` (stable across retries: deduplicate on it) and `X-Herald-Signature` (hex HMAC-SHA256 of the raw body keyed by the endpoint's `secret`), plus the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature`.";
