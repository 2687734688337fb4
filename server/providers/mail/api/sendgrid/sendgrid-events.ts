// SendGrid's Event Webhook in Herald's words. SendGrid posts a JSON array of events, signed when
// "Signed Event Webhook" is on: an ECDSA P-256 signature (SHA-256, DER, base64) over the timestamp
// header followed by the raw body, checked with the key SendGrid shows (verified here by the
// official @sendgrid/eventwebhook). Herald refuses an unsigned request, and one whose timestamp is
// more than ten minutes away from its clock: a captured request cannot be replayed later, and a
// redelivery SendGrid makes (it retries for 24 hours) is signed anew. Within the window the
// framework takes each event once by its sg_event_id.
import { EventWebhook, EventWebhookHeader } from "@sendgrid/eventwebhook";
import { ApiWebhookRefused, type ApiMailEvent, type ApiMailEventKind } from "../types";

/** How far a signed request's timestamp may be from Herald's clock. */
export const SENDGRID_SIGNATURE_WINDOW_SECONDS = 10 * 60;

/** The custom argument (`custom_args`) every Herald e-mail carries, which SendGrid's events repeat as a top-level field. */
export const HERALD_MESSAGE_ID_ARG = "herald_message_id";

const SIGNATURE_HEADER = EventWebhookHeader.SIGNATURE().toLowerCase();
const TIMESTAMP_HEADER = EventWebhookHeader.TIMESTAMP().toLowerCase();

/** Throws ApiWebhookRefused unless the request carries SendGrid's valid, fresh signature for this key. */
export function checkSendgridSignature(input: { publicKey: string | null; rawBody: string; headers: Record<string, string>; now: Date }): void {
  if (!input.publicKey) throw new ApiWebhookRefused("No Event Webhook verification key is set for this mailbox: turn on Signed Event Webhook in SendGrid and paste its key.");
  const signature = input.headers[SIGNATURE_HEADER];
  const timestamp = input.headers[TIMESTAMP_HEADER];
  if (!signature || !timestamp) throw new ApiWebhookRefused("The request carries no SendGrid signature.");
  if (!/^\d{1,12}$/.test(timestamp)) throw new ApiWebhookRefused("The request's SendGrid timestamp is not a time.");
  const age = Math.abs(input.now.getTime() / 1000 - Number(timestamp));
  if (age > SENDGRID_SIGNATURE_WINDOW_SECONDS) throw new ApiWebhookRefused("The request's SendGrid signature is too old (or from the future).");
  const webhook = new EventWebhook();
  let valid: boolean;
  try {
    valid = webhook.verifySignature(webhook.convertPublicKeyToECDSA(input.publicKey), input.rawBody, signature, timestamp);
  } catch {
    // A key or signature that is not what SendGrid makes (not base64 DER) fails like a wrong one.
    valid = false;
  }
  if (!valid) throw new ApiWebhookRefused("The request's SendGrid signature does not match the verification key.");
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

/** Delivery refusals that say nothing against the address itself (SendGrid's bounce_classification). */
const NOT_ABOUT_THE_ADDRESS = new Set(["technical", "content", "reputation", "frequency or volume too high"]);

/**
 * bounce: `type` "blocked" is a refusal of this e-mail (soft); "bounce" is the address's, hard unless
 * SendGrid classified it as technical, content or reputation. dropped: SendGrid did not send it,
 * for a reason about the address (an earlier bounce, complaint or unsubscribe, or an invalid address)
 * or about the e-mail (taken as soft). deferred and processed say nothing yet.
 */
function kindOf(event: Record<string, unknown>): ApiMailEventKind | null {
  switch (event.event) {
    case "delivered":
      return "delivered";
    case "bounce": {
      if (text(event.type) === "blocked") return "bounce-soft";
      const classification = text(event.bounce_classification)?.toLowerCase();
      return classification && NOT_ABOUT_THE_ADDRESS.has(classification) ? "bounce-soft" : "bounce-hard";
    }
    case "dropped": {
      const reason = text(event.reason)?.toLowerCase() ?? "";
      if (reason === "bounced address" || reason === "invalid") return "bounce-hard";
      if (reason === "spam reporting address") return "complaint";
      if (reason === "unsubscribed address") return "unsubscribe";
      return "bounce-soft";
    }
    case "spamreport":
      return "complaint";
    case "open":
      return "open";
    case "click":
      return "click";
    case "unsubscribe":
    case "group_unsubscribe":
      return "unsubscribe";
    default:
      return null;
  }
}

function withBrackets(messageId: string | null): string | null {
  if (!messageId) return null;
  return messageId.startsWith("<") ? messageId : `<${messageId}>`;
}

/** sg_message_id is the send's X-Message-Id followed by ".filter…" (or ".recvd-…"). */
function providerMessageIdOf(event: Record<string, unknown>): string | null {
  const id = text(event.sg_message_id);
  return id ? (id.split(".")[0] ?? null) : null;
}

/** Reads SendGrid's event array (already checked to be signed); events Herald does not act on are left out. */
export function readSendgridEvents(rawBody: string): ApiMailEvent[] {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new ApiWebhookRefused("The SendGrid event request is not JSON.");
  }
  if (!Array.isArray(body)) throw new ApiWebhookRefused("The SendGrid event request is not a list of events.");
  const events: ApiMailEvent[] = [];
  for (const entry of body) {
    if (typeof entry !== "object" || entry === null) continue;
    const event = entry as Record<string, unknown>;
    const kind = kindOf(event);
    if (!kind) continue;
    const seconds = typeof event.timestamp === "number" ? event.timestamp : Number(event.timestamp);
    const occurredAt = Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : new Date(0).toISOString();
    const providerMessageId = providerMessageIdOf(event);
    const messageId = withBrackets(text(event[HERALD_MESSAGE_ID_ARG]) ?? text(event["smtp-id"]));
    events.push({
      kind,
      eventId: text(event.sg_event_id) ?? `sendgrid:${providerMessageId ?? messageId ?? "unknown"}:${String(event.event)}:${occurredAt}`,
      messageId,
      providerMessageId,
      recipient: text(event.email)?.toLowerCase() ?? null,
      occurredAt,
      detail: [text(event.bounce_classification), text(event.reason), text(event.response), text(event.url)].filter(Boolean).join(" — ") || null,
    });
  }
  return events;
}
