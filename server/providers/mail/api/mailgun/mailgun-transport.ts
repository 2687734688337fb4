// Mailgun as an ApiMailTransport, through the official mailgun.js (with form-data, as its README
// sets it up). Each call makes its own client for the mailbox's key, on Mailgun's US or EU host
// (region), or the endpoint's in tests.
//
// Herald's Message-ID goes in `h:Message-Id`: Mailgun keeps a well-formed Message-ID given so
// (mailgun.js issue #394), and its events name the message by it, without angle brackets; the id
// Mailgun answers is kept as the provider's id. It also goes in `v:herald-message-id`, which every event repeats in
// user-variables. Sending fields rather than a prepared MIME message keeps Mailgun's own DKIM
// signature, tracking and List-Unsubscribe handling as for any message sent through the API.
import FormData from "form-data";
import Mailgun from "mailgun.js";
import { now } from "../../../../lib/clock";
import { MailProviderError, type MailAddress, type OutgoingEmail } from "../../types";
import { ApiWebhookRefused, type ApiEndpoint, type ApiMailCredentials, type ApiMailTransport, type ApiSentEmail, type ApiWebhookRequest, type ApiWebhookResult } from "../types";
import { inboundEmail, readWebhookForm } from "../inbound-form";
import { mailgunError } from "./mailgun-errors";
import { checkMailgunSignature, HERALD_MESSAGE_ID_VARIABLE, readMailgunEvent, withoutBrackets } from "./mailgun-webhooks";

/** Mailgun's API hosts by region (its accounts and domains live in one). */
export const MAILGUN_HOSTS = { us: "https://api.mailgun.net", eu: "https://api.eu.mailgun.net" } as const;

/** How long one API call may take. */
const TIMEOUT_MS = 30_000;

function mailgun(credentials: ApiMailCredentials, endpoint: ApiEndpoint) {
  const url = endpoint.baseUrl ?? (credentials.region === "eu" ? MAILGUN_HOSTS.eu : MAILGUN_HOSTS.us);
  return new Mailgun(FormData).client({ username: "api", key: credentials.apiKey, url, timeout: TIMEOUT_MS });
}

function domainOf(credentials: ApiMailCredentials): string {
  const domain = credentials.domain?.trim();
  if (!domain) throw new MailProviderError("auth-failed", "Enter the Mailgun sending domain of this mailbox (as it appears under Sending → Domains).", { field: "domain" });
  return domain;
}

/** An address for a form field: `"Name" <address>` (quotes and backslashes escaped) or the bare address. */
function formatAddress(value: MailAddress): string {
  return value.name ? `"${value.name.replace(/["\\]/g, "\\$&")}" <${value.address}>` : value.address;
}

async function verify(credentials: ApiMailCredentials, endpoint: ApiEndpoint): Promise<void> {
  const domain = domainOf(credentials);
  try {
    await mailgun(credentials, endpoint).domains.get(domain);
  } catch (error) {
    throw mailgunError(error, { domain });
  }
}

async function send(credentials: ApiMailCredentials, endpoint: ApiEndpoint, email: OutgoingEmail): Promise<ApiSentEmail> {
  const domain = domainOf(credentials);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(email.headers)) headers[`h:${name}`] = value;
  if (email.inReplyTo) headers["h:In-Reply-To"] = email.inReplyTo;
  if (email.references.length) headers["h:References"] = email.references.join(" ");
  try {
    const answer = await mailgun(credentials, endpoint).messages.create(domain, {
      from: formatAddress(email.from),
      to: [formatAddress(email.to)],
      subject: email.subject,
      text: email.text,
      ...(email.html ? { html: email.html } : {}),
      ...headers,
      "h:Message-Id": email.messageId,
      [`v:${HERALD_MESSAGE_ID_VARIABLE}`]: email.messageId,
    });
    return { providerMessageId: answer.id ?? null, acceptedAt: now().toISOString(), response: answer.message ?? null };
  } catch (error) {
    throw mailgunError(error, { domain, recipient: email.to.address, sending: true });
  }
}

/**
 * Through the Events API (GET /v3/<domain>/events) filtered by the Message-ID (without angle
 * brackets, as Mailgun stores it) from `since` on: any event but "rejected" means Mailgun took the
 * e-mail (accepted comes first; delivered, failed and the rest follow it).
 */
async function findSent(credentials: ApiMailCredentials, endpoint: ApiEndpoint, messageId: string, since: Date): Promise<boolean | null> {
  const domain = domainOf(credentials);
  let body: unknown;
  try {
    const answer = await mailgun(credentials, endpoint).request.get(`/v3/${encodeURIComponent(domain)}/events`, {
      searchParams: [
        ["message-id", withoutBrackets(messageId)],
        ["begin", String(Math.floor(since.getTime() / 1000))],
        ["ascending", "yes"],
        ["limit", "25"],
      ],
    });
    body = answer.body;
  } catch (error) {
    throw mailgunError(error, { domain });
  }
  const items = (body as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return false;
  return items.some((item: { event?: unknown }) => typeof item.event === "string" && item.event !== "rejected");
}

function parseJson(rawBody: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new ApiWebhookRefused("The Mailgun request is not JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new ApiWebhookRefused("The Mailgun request is not an event.");
  return body as Record<string, unknown>;
}

/**
 * Two kinds of request reach the same mailbox, both signed: a tracking webhook (JSON) and a route
 * forwarding a received message to a URL ending in "mime" (a form whose `body-mime` is the raw message).
 */
async function readWebhook(credentials: ApiMailCredentials, request: ApiWebhookRequest): Promise<ApiWebhookResult> {
  const contentType = request.headers["content-type"] ?? "";
  if (/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(contentType)) {
    const form = await readWebhookForm(request.rawBody, contentType);
    const signature = { timestamp: form.get("timestamp"), token: form.get("token"), signature: form.get("signature") };
    const replayToken = checkMailgunSignature({ signingKey: credentials.webhookSecret, signature, now: now() });
    const raw = form.get("body-mime");
    if (!raw) throw new ApiWebhookRefused("Mailgun's route posted no raw message: forward to Herald's URL ending in mime.");
    return { kind: "inbound", message: await inboundEmail("mailgun", raw, new Date(Number(signature.timestamp) * 1000)), replayToken };
  }
  const body = parseJson(request.rawBody);
  const signature = typeof body.signature === "object" && body.signature !== null ? body.signature : null;
  const replayToken = checkMailgunSignature({ signingKey: credentials.webhookSecret, signature, now: now() });
  return { kind: "events", events: readMailgunEvent(body), replayToken };
}

export function createMailgunTransport(): ApiMailTransport {
  return { name: "mailgun", verify, send, findSent, readWebhook };
}

