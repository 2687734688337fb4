// Mailgun's webhooks in Herald's words. Every request Mailgun makes (a tracking webhook's JSON
// `{signature: {timestamp, token, signature}, "event-data": {…}}`, a route's forwarded message as a
// form with the same three fields) is signed: `signature` is the hex HMAC-SHA256 of timestamp +
// token with the account's HTTP webhook signing key ("Securing Webhooks"). Herald checks it in
// constant time and refuses a timestamp more than ten minutes from its clock, so a captured request
// cannot be replayed later. The signature does not cover the body, so within the window a captured
// signature could carry other contents: as Mailgun advises, each token is taken once — the check
// returns it, and the webhook service stores it per mailbox and refuses it a second time.
import { createHmac, timingSafeEqual } from "node:crypto";
import { ApiWebhookRefused, type ApiMailEvent, type ApiMailEventKind } from "../types";

/** How far a signed request's timestamp may be from Herald's clock. */
export const MAILGUN_SIGNATURE_WINDOW_SECONDS = 10 * 60;

/** The custom variable (`v:herald-message-id`) every Herald e-mail carries; events repeat it in user-variables. */
export const HERALD_MESSAGE_ID_VARIABLE = "herald-message-id";

/** Throws ApiWebhookRefused unless the signature is Mailgun's for this signing key and fresh; returns its token (to be taken once). */
export function checkMailgunSignature(input: { signingKey: string | null; signature: { timestamp?: unknown; token?: unknown; signature?: unknown } | null; now: Date }): string {
  if (!input.signingKey) throw new ApiWebhookRefused("No Mailgun webhook signing key is set for this mailbox: paste it from Mailgun's API security settings.");
  const { timestamp, token, signature } = input.signature ?? {};
  if (typeof timestamp !== "string" || typeof token !== "string" || typeof signature !== "string" || !timestamp || !token || !signature) {
    throw new ApiWebhookRefused("The request carries no Mailgun signature.");
  }
  if (!/^\d{1,12}$/.test(timestamp)) throw new ApiWebhookRefused("The request's Mailgun timestamp is not a time.");
  if (Math.abs(input.now.getTime() / 1000 - Number(timestamp)) > MAILGUN_SIGNATURE_WINDOW_SECONDS) {
    throw new ApiWebhookRefused("The request's Mailgun signature is too old (or from the future).");
  }
  const expected = createHmac("sha256", input.signingKey).update(timestamp + token).digest();
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, "hex") : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ApiWebhookRefused("The request's Mailgun signature does not match the signing key.");
  }
  return token;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

function kindOf(data: Record<string, unknown>): ApiMailEventKind | null {
  switch (data.event) {
    case "delivered":
      return "delivered";
    case "failed":
      // Mailgun retries a temporary failure itself; it is reported as one soft bounce each time.
      return data.severity === "permanent" ? "bounce-hard" : "bounce-soft";
    case "complained":
      return "complaint";
    case "opened":
      return "open";
    case "clicked":
      return "click";
    case "unsubscribed":
      return "unsubscribe";
    default:
      return null;
  }
}

/** Mailgun stores and reports Message-IDs without angle brackets. */
export function withBrackets(messageId: string | null): string | null {
  if (!messageId) return null;
  return messageId.startsWith("<") ? messageId : `<${messageId}>`;
}

export function withoutBrackets(messageId: string): string {
  return messageId.trim().replace(/^<|>$/g, "");
}

function detailOf(data: Record<string, unknown>): string | null {
  const status = record(data["delivery-status"]);
  const parts = [text(data.reason), status ? [status.code, text(status.message) ?? text(status.description)].filter(Boolean).join(" ") : null, text(data.url)];
  return parts.filter(Boolean).join(" — ") || null;
}

/** A tracking webhook's body (signature already checked by the caller) as Herald's event, or none for events Herald does not act on. */
export function readMailgunEvent(body: Record<string, unknown>): ApiMailEvent[] {
  const data = record(body["event-data"]);
  if (!data) throw new ApiWebhookRefused("The Mailgun request carries no event-data.");
  const kind = kindOf(data);
  if (!kind) return [];
  const headers = record(record(data.message)?.headers);
  const headerId = withBrackets(text(headers?.["message-id"]));
  const variables = record(data["user-variables"]);
  const seconds = typeof data.timestamp === "number" ? data.timestamp : Number(data.timestamp);
  const occurredAt = Number.isFinite(seconds) ? new Date(Math.round(seconds * 1000)).toISOString() : new Date(0).toISOString();
  return [
    {
      kind,
      eventId: text(data.id) ?? `mailgun:${headerId ?? "unknown"}:${String(data.event)}:${occurredAt}`,
      messageId: text(variables?.[HERALD_MESSAGE_ID_VARIABLE]) ?? headerId,
      // The send's answer names the message by its Message-ID (with brackets): the same id here.
      providerMessageId: headerId,
      recipient: text(data.recipient)?.toLowerCase() ?? null,
      occurredAt,
      detail: detailOf(data),
    },
  ];
}
