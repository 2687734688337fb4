import { z } from "zod";

export const ZWebhookIdParams = z.object({
  id: z.string().min(1).meta({ description: "Webhook endpoint id", example: "whk_0f6c2d8e9a7b4c3d8e1f2a3b4c5d6e7f" }),
});

export const ZDeliveryIdParams = z.object({
  id: z.string().min(1).meta({ description: "Delivery id (the X-Herald-Delivery header)", example: "dlv_5b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e" }),
});

export const SIGNATURE_NOTE =
  "Deliveries are POSTs of `{event, workspaceId, createdAt, data}` with `X-Herald-Event`, `X-Herald-Delivery` (stable across retries: deduplicate on it) and `X-Herald-Signature` (hex HMAC-SHA256 of the raw body keyed by the endpoint's `secret`), plus the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature`.";

export const TARGET_NOTE =
  "**Where deliveries may go.** The URL must be http(s). Unless the installation sets `HERALD_ALLOW_PRIVATE_WEBHOOK_URLS`, its host must be, and resolve only to, globally reachable unicast addresses: loopback, private, link-local, carrier-grade NAT, multicast, documentation, benchmarking and the other special-purpose IPv4 and IPv6 ranges are refused with a 400 naming `url`, in every spelling (`http://2130706433/`, `http://127.1/`, `[::ffff:127.0.0.1]`, NAT64 `64:ff9b::/96`, 6to4 and IPv4-compatible forms are judged by the IPv4 address they carry; Teredo and site-local are refused). The check is made again at every delivery against the DNS answer the connection uses, so a name re-pointed at an internal host later is refused then; such attempts record the reason and no response. " +
  "**Hosts that do not resolve.** A host without a DNS answer when the endpoint is saved is kept, and the response carries `warnings: [{code: \"host-unresolved\", field: \"url\", message}]` beside `data`; each delivery looks the host up again and fails until it resolves. An installation that sets `HERALD_ALLOW_UNRESOLVED_WEBHOOK_HOSTS=0` refuses such hosts with a 400 naming `url` instead.";
