// Signing of webhook deliveries. Two schemes, so receivers can pick:
// - X-Herald-Signature: hex HMAC-SHA256 of the raw body, keyed by the endpoint's secret string;
// - Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature), verifiable with the
//   `standardwebhooks` libraries using the same `whsec_…` secret.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const SECRET_PREFIX = "whsec_";

export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

export interface SignatureHeaders {
  "x-herald-signature": string;
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

export function signWebhook(input: { secret: string; body: string; deliveryId: string; timestamp: Date }): SignatureHeaders {
  const seconds = Math.floor(input.timestamp.getTime() / 1000);
  const standardKey = Buffer.from(input.secret.startsWith(SECRET_PREFIX) ? input.secret.slice(SECRET_PREFIX.length) : input.secret, "base64");
  const standard = createHmac("sha256", standardKey).update(`${input.deliveryId}.${seconds}.${input.body}`).digest("base64");
  return {
    "x-herald-signature": createHmac("sha256", input.secret).update(input.body).digest("hex"),
    "webhook-id": input.deliveryId,
    "webhook-timestamp": String(seconds),
    "webhook-signature": `v1,${standard}`,
  };
}

/**
 * What a receiver does with X-Herald-Signature: the hex HMAC-SHA256 of the raw body, keyed by the
 * endpoint's secret, compared in constant time (the Sandbox's built-in receiver checks it this way).
 */
export function verifyHeraldSignature(input: { secret: string; body: string; signature: string | null | undefined }): boolean {
  if (!input.signature) return false;
  const expected = Buffer.from(createHmac("sha256", input.secret).update(input.body).digest("hex"));
  const given = Buffer.from(input.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
