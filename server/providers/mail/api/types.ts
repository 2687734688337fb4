// E-mail API providers (Amazon SES, Postmark, SendGrid, Mailgun): mailboxes that send through a
// provider's HTTP API instead of SMTP. Each provider is one `ApiMailTransport`, written against the
// provider's official client; `api-mail-provider.ts` turns any of them into a MailProvider (the
// interface every mailbox goes through), so the executor's intent-before-send crash safety, limits,
// warmup and reading work as for any mailbox. A transport only speaks to its provider: it sends,
// finds a sent e-mail again, checks a webhook's signature and reads its events in Herald's words.
import type { IncomingEmail, OutgoingEmail } from "../types";

export const API_MAIL_PROVIDER_NAMES = ["ses", "postmark", "sendgrid", "mailgun"] as const;
export type ApiMailProviderName = (typeof API_MAIL_PROVIDER_NAMES)[number];

export function isApiMailProviderName(value: string): value is ApiMailProviderName {
  return (API_MAIL_PROVIDER_NAMES as readonly string[]).includes(value);
}

/** Each provider's name as people know it (messages, the dashboard). */
export const API_MAIL_PROVIDER_LABELS: Record<ApiMailProviderName, string> = { ses: "Amazon SES", postmark: "Postmark", sendgrid: "SendGrid", mailgun: "Mailgun" };

const MINUTE = 60_000;

/**
 * How long each provider's message search may lag a send it accepted, so that a search finding
 * nothing is only believed once the send is older than this (docs/email-api-providers.md, "A send
 * whose answer was lost"). Mailgun documents its events as trustworthy only after about half an
 * hour ("Event Polling"); SendGrid's Email Activity and Postmark's outbound search document no
 * figure, and are given ten and five minutes. SES has no search (findSent answers null).
 */
export const API_MAIL_SEARCH_LAG_MS: Record<ApiMailProviderName, number> = { ses: 0, postmark: 5 * MINUTE, sendgrid: 10 * MINUTE, mailgun: 30 * MINUTE };

/**
 * The secrets of an API mailbox (stored encrypted with the mailbox, like a password). Which fields a
 * provider needs:
 * - ses: accessKeyId + secretAccessKey (an IAM user allowed ses:SendEmail), region; webhooks come
 *   through an SNS topic (signature checked against the SNS certificate).
 * - postmark: serverToken; webhookSecret is the basic-auth password put in the webhook URL
 *   (Postmark signs nothing; its documented protection is basic auth over HTTPS).
 * - sendgrid: apiKey; webhookSecret is the Event Webhook's ECDSA public key (base64).
 * - mailgun: apiKey, domain, region ("us" | "eu"); webhookSecret is the HTTP webhook signing key.
 */
export interface ApiMailCredentials {
  kind: "api";
  provider: ApiMailProviderName;
  apiKey: string;
  /** SES only: the secret half of the IAM access key (apiKey holds the access key id). */
  secretAccessKey?: string;
  /** SES: the AWS region (e.g. eu-west-1); Mailgun: "us" or "eu". */
  region?: string;
  /** Mailgun: the sending domain as set up in Mailgun. SES: an optional configuration set. */
  domain?: string;
  /** What the provider's webhooks are checked with (see above); null until set. SES: the SNS topic ARN allowed to post, when given. */
  webhookSecret: string | null;
  /**
   * Where replies are read when the person gave an IMAP server (optional): read with Herald's
   * IMAP reading as for a password mailbox. Without it, replies come only through the provider's
   * inbound webhook.
   */
  imap?: { host: string; port: number; security: "tls" | "starttls" | "none"; username: string; password: string };
}

/** Where a transport sends its API calls: the provider's own host in production, a loopback stand-in in tests. */
export interface ApiEndpoint {
  /** e.g. https://api.postmarkapp.com; undefined uses the official client's default. */
  baseUrl?: string;
}

export interface ApiSentEmail {
  /** The provider's id of the message (SES MessageId, Postmark MessageID, SendGrid x-message-id, Mailgun id). */
  providerMessageId: string | null;
  /** ISO 8601. */
  acceptedAt: string;
  response: string | null;
}

/** A delivery event a provider reported through its webhook, in Herald's words. */
export type ApiMailEventKind = "delivered" | "bounce-hard" | "bounce-soft" | "complaint" | "open" | "click" | "unsubscribe";

export interface ApiMailEvent {
  kind: ApiMailEventKind;
  /** The provider's id of the event (or of message + kind + time when it has none), so a redelivered webhook is taken once. */
  eventId: string;
  /** The RFC 5322 Message-ID Herald gave the e-mail (angle brackets), when the event carries it. */
  messageId: string | null;
  /** The provider's id of the message, matched against ApiSentEmail.providerMessageId otherwise. */
  providerMessageId: string | null;
  /** The recipient the event is about, lower-cased. */
  recipient: string | null;
  /** ISO 8601. */
  occurredAt: string;
  /** The provider's words (bounce diagnostic, complaint type), for the record. */
  detail: string | null;
}

/** A webhook request as received: the raw body (signatures cover the bytes) and the headers, lower-cased names. */
export interface ApiWebhookRequest {
  rawBody: string;
  headers: Record<string, string>;
  /** The full URL it was posted to (Postmark's basic auth travels in it; SNS confirmations need nothing else). */
  url: string;
}

/**
 * `replayToken`: a value the provider's signature covers that a genuine request never repeats
 * (Mailgun's `token`; its signature does not cover the body). The webhook service stores it and
 * refuses (401) a request that brings it again, so a request seen once cannot be replayed with
 * other contents while its timestamp is fresh.
 */
export type ApiWebhookResult =
  | { kind: "events"; events: ApiMailEvent[]; replayToken?: string }
  /**
   * An inbound e-mail (a reply) the provider's inbound route posted. `tokenOnly`: nothing but the
   * webhook address's token vouches for it (SendGrid's Inbound Parse): it is taken in as mail, but
   * a delivery or spam report inside it is not acted on.
   */
  | { kind: "inbound"; message: IncomingEmail; replayToken?: string; tokenOnly?: boolean }
  /** SES through SNS: a subscription to confirm by fetching this SNS address (checked to be SNS's). */
  | { kind: "subscription-confirmation"; confirmUrl: string };

export class ApiWebhookRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ApiWebhookRefused";
  }
}

export interface ApiMailTransport {
  readonly name: ApiMailProviderName;
  /** Checks the credentials with a harmless call (the provider's account or domain endpoint). Throws MailProviderError naming the field. */
  verify(credentials: ApiMailCredentials, endpoint: ApiEndpoint): Promise<void>;
  /**
   * Sends one e-mail with Herald's Message-ID in its headers. Throws MailProviderError
   * (recipient-refused, sending-refused, auth-failed, timeout …), retryable where the provider says
   * so (429, 5xx).
   */
  send(credentials: ApiMailCredentials, endpoint: ApiEndpoint, email: OutgoingEmail): Promise<ApiSentEmail>;
  /**
   * Whether the e-mail with this Message-ID was accepted since `since`, through the provider's
   * message search (Postmark's outbound search, Mailgun's events, SendGrid's activity); null when
   * the provider offers no such lookup (SES), and the executor then treats the send as unknown.
   */
  findSent(credentials: ApiMailCredentials, endpoint: ApiEndpoint, messageId: string, since: Date): Promise<boolean | null>;
  /** Checks the webhook's signature (throws ApiWebhookRefused) and reads it. */
  readWebhook(credentials: ApiMailCredentials, request: ApiWebhookRequest): Promise<ApiWebhookResult>;
}
