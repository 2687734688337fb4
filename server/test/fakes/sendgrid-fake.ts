// A local stand-in for SendGrid's v3 API in tests: real HTTP on loopback, the API key checked as
// `Authorization: Bearer`, answers in SendGrid's documented shapes: GET /v3/scopes ({scopes}),
// POST /v3/mail/send (202, empty body, X-Message-Id header), GET /v3/messages (the Email Activity
// API: {messages: [{from_email, msg_id, subject, to_email, status, opens_count, clicks_count,
// last_event_time}]}, or 403 without the paid add-on), and errors as {errors: [{message, field,
// help}]}. Also what SendGrid posts to Herald: Event Webhook events (a JSON array, signed with an
// ECDSA P-256 key as "Signed Event Webhook" signs: timestamp + raw body, SHA-256, DER, base64) and
// Inbound Parse forms carrying the raw MIME message.
import { generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { multipartForm, startLocalHttpFake, type FakeAnswer, type FakeRequest } from "./local-http-fake";

/** What SendGrid got in one POST /v3/mail/send (its JSON body as sent), with the X-Message-Id it answered. */
export interface SendgridSent {
  xMessageId: string;
  /** The one recipient's address (Herald sends one e-mail per lead). */
  to: string;
  from: { email: string; name?: string };
  subject: string;
  content: Array<{ type: string; value: string }>;
  headers: Record<string, string>;
  customArgs: Record<string, string>;
  /** When SendGrid took it, by the fake's clock. */
  at: Date;
}

export interface SendgridFake {
  url: string;
  apiKey: string;
  requests: FakeRequest[];
  sent: SendgridSent[];
  /** Keeps the e-mail, then answers 500 ("500") or closes the connection ("drop"), as if the answer were lost after SendGrid took it; null: back to normal. */
  loseAnswers(how: "500" | "drop" | null): void;
  /** Whether the account has the Email Activity add-on (without it GET /v3/messages answers 403). */
  activityApi(available: boolean): void;
  close(): Promise<void>;
}

const errors = (message: string, field: string | null = null) => ({ errors: [{ message, field, help: null }] });

/** SendGrid's ids: X-Message-Id and sg_event_id are 22 base64url characters. */
const sendgridId = () => randomBytes(16).toString("base64url").slice(0, 22);

export async function startSendgridFake(options: { apiKey?: string; now?: () => Date } = {}): Promise<SendgridFake> {
  const apiKey = options.apiKey ?? "SG.herald-test.secret-0000";
  const clock = options.now ?? (() => new Date());
  const sent: SendgridSent[] = [];
  let lose: "500" | "drop" | null = null;
  let activity = true;

  const handler = (request: FakeRequest): FakeAnswer => {
    if (request.headers.authorization !== `Bearer ${apiKey}`) return { status: 401, body: errors("The provided authorization grant is invalid, expired, or revoked") };
    if (request.method === "GET" && request.path === "/v3/scopes") return { body: { scopes: ["mail.send", "messages.read"] } };
    if (request.method === "POST" && request.path === "/v3/mail/send") {
      const body = JSON.parse(request.body.toString("utf8")) as {
        personalizations?: Array<{ to?: Array<{ email: string }> }>;
        from: { email: string; name?: string };
        subject: string;
        content?: Array<{ type: string; value: string }>;
        headers?: Record<string, string>;
        custom_args?: Record<string, string>;
      };
      const to = body.personalizations?.[0]?.to?.[0]?.email;
      if (!to) return { status: 400, body: errors("The to array is required for all personalization objects, and must have at least one email object with a valid email address.", "personalizations.0.to") };
      const xMessageId = sendgridId();
      sent.push({ xMessageId, to, from: body.from, subject: body.subject, content: body.content ?? [], headers: body.headers ?? {}, customArgs: body.custom_args ?? {}, at: clock() });
      if (lose === "drop") return { drop: true };
      if (lose === "500") return { status: 500, body: errors("internal error") };
      return { status: 202, headers: { "x-message-id": xMessageId } };
    }
    if (request.method === "GET" && request.path === "/v3/messages") {
      if (!activity) return { status: 403, body: errors("access forbidden") };
      // The query language's custom-argument filter: unique_args['name']="value".
      const query = /^unique_args\['([^']+)'\]="(.*)"$/.exec(request.query.get("query") ?? "");
      if (!query) return { status: 400, body: errors("invalid query", "query") };
      const [, name, value] = query;
      const limit = Number(request.query.get("limit") ?? 10);
      const messages = sent
        .filter((message) => message.customArgs[name!] === value)
        .slice(0, limit)
        .map((message) => ({
          from_email: message.from.email,
          msg_id: `${message.xMessageId}.filterdrecv-p3mdw1-756b745b58-kmzbl-18-5F5FC76C-9.0`,
          subject: message.subject,
          to_email: message.to,
          status: "delivered",
          opens_count: 0,
          clicks_count: 0,
          last_event_time: message.at.toISOString().replace(/\.\d{3}Z$/, "Z"),
        }));
      return { body: { messages } };
    }
    return { status: 404, body: errors("not found") };
  };
  const fake = await startLocalHttpFake(handler);
  return {
    url: fake.url,
    apiKey,
    requests: fake.requests,
    sent,
    loseAnswers(how) {
      lose = how;
    },
    activityApi(available) {
      activity = available;
    },
    close: () => fake.close(),
  };
}

/** A Signed Event Webhook key pair: the private key signs, `publicKey` is the Verification Key as SendGrid shows it (SPKI DER, base64). */
export function sendgridKeyPair(): { privateKey: KeyObject; publicKey: string } {
  const keys = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  return { privateKey: keys.privateKey, publicKey: keys.publicKey.export({ type: "spki", format: "der" }).toString("base64") };
}

/** The headers of an Event Webhook request SendGrid signed: ECDSA over the timestamp followed by the raw body. */
export function sendgridSignedHeaders(rawBody: string, timestamp: string, privateKey: KeyObject): Record<string, string> {
  const signature = sign("sha256", Buffer.from(timestamp + rawBody, "utf8"), privateKey).toString("base64");
  return { "content-type": "application/json", "x-twilio-email-event-webhook-signature": signature, "x-twilio-email-event-webhook-timestamp": timestamp };
}

/**
 * One Event Webhook event about a sent e-mail, in the shape of SendGrid's Event Webhook reference:
 * its custom arguments repeated as top-level fields, sg_message_id starting with the X-Message-Id.
 */
export function sendgridEvent(sent: SendgridSent, event: "delivered" | "bounce" | "spamreport" | "dropped" | "open", at: Date, extra: Record<string, unknown> = {}) {
  return {
    email: sent.to,
    timestamp: Math.floor(at.getTime() / 1000),
    "smtp-id": sent.headers["Message-ID"] ?? `<${sent.xMessageId}@ismtpd0001p1lon1.sendgrid.net>`,
    event,
    category: [],
    sg_event_id: sendgridId(),
    sg_message_id: `${sent.xMessageId}.recvd-5f54b5d587-pncr9-1-62E17FE8-1.0`,
    ...sent.customArgs,
    ...(event === "bounce"
      ? { type: "bounce", bounce_classification: "Invalid Address", reason: "550 5.1.1 The email account that you tried to reach does not exist.", status: "5.1.1", tls: 1 }
      : {}),
    ...(event === "delivered" ? { response: "250 2.0.0 OK", tls: 1, ip: "168.1.1.1" } : {}),
    ...extra,
  };
}

/** What Inbound Parse posts with "POST the raw, full MIME message" on: the message whole in `email`, beside its envelope and checks. */
export function sendgridInboundParse(input: { raw: string; from: string; to: string; subject: string }): { rawBody: string; contentType: string } {
  return multipartForm({
    dkim: "{@prospect.example : pass}",
    email: input.raw,
    to: input.to,
    from: input.from,
    sender_ip: "203.0.113.5",
    envelope: JSON.stringify({ to: [input.to], from: input.from.replace(/^.*<|>$/g, "") }),
    subject: input.subject,
    spam_score: "0.1",
    charsets: '{"to":"UTF-8","subject":"UTF-8","from":"UTF-8"}',
    SPF: "pass",
  });
}
