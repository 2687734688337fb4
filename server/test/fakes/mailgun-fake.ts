// A local stand-in for Mailgun's API in tests: real HTTP on loopback, the key checked as basic auth
// (user "api"), answers in Mailgun's documented shapes: GET /v4/domains/<domain> ({domain, …}),
// POST /v3/<domain>/messages (a form; {id, message: "Queued. Thank you."}, the id being the
// e-mail's Message-ID when it was given in h:Message-Id), GET /v3/<domain>/events (the Events API:
// message-id and begin filters, {items, paging}), and errors as {message} (a bare "Forbidden" for a
// wrong key). Also what Mailgun posts to Herald, signed as "Securing Webhooks" says (hex
// HMAC-SHA256 of timestamp + token with the webhook signing key): tracking webhooks in the shape of
// its "Webhook Payloads", and a route's forward to a URL ending in mime (`body-mime`).
import { createHmac, randomBytes } from "node:crypto";
import { startLocalHttpFake, type FakeAnswer, type FakeRequest } from "./local-http-fake";

/** What Mailgun got in one POST /v3/<domain>/messages: the form's fields (the first value of each), and the id it answered. */
export interface MailgunSent {
  id: string;
  domain: string;
  fields: Record<string, string>;
  /** The custom variables (v:…) it carried, by name. */
  variables: Record<string, string>;
  /** When Mailgun took it, by the fake's clock. */
  at: Date;
}

export interface MailgunFake {
  url: string;
  apiKey: string;
  domain: string;
  requests: FakeRequest[];
  sent: MailgunSent[];
  /** Keeps the e-mail, then answers 500 ("500") or closes the connection ("drop"), as if the answer were lost after Mailgun took it; null: back to normal. */
  loseAnswers(how: "500" | "drop" | null): void;
  close(): Promise<void>;
}

async function formOf(request: FakeRequest): Promise<Record<string, string>> {
  const form = await new Response(new Uint8Array(request.body), { headers: { "content-type": String(request.headers["content-type"]) } }).formData();
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) fields[name] ??= typeof value === "string" ? value : await value.text();
  return fields;
}

const withoutBrackets = (id: string) => id.trim().replace(/^<|>$/g, "");

export async function startMailgunFake(options: { apiKey?: string; domain?: string; now?: () => Date } = {}): Promise<MailgunFake> {
  const apiKey = options.apiKey ?? "mg-private-key-0000";
  const domain = options.domain ?? "mg.sender.example";
  const clock = options.now ?? (() => new Date());
  const sent: MailgunSent[] = [];
  let lose: "500" | "drop" | null = null;

  const handler = async (request: FakeRequest): Promise<FakeAnswer> => {
    if (request.headers.authorization !== `Basic ${Buffer.from(`api:${apiKey}`).toString("base64")}`) return { status: 401, headers: { "content-type": "text/plain" }, body: "Forbidden" };
    if (request.method === "GET" && request.path === `/v4/domains/${domain}`) {
      return { body: { domain: { name: domain, state: "active", type: "custom", created_at: "Mon, 02 Mar 2026 07:00:00 GMT", spam_action: "disabled", wildcard: false }, receiving_dns_records: [], sending_dns_records: [] } };
    }
    if (request.method === "POST" && request.path === `/v3/${domain}/messages`) {
      const fields = await formOf(request);
      if (!fields.to) return { status: 400, body: { message: "'to' parameter is missing" } };
      const given = fields["h:Message-Id"];
      const id = given ? `<${withoutBrackets(given)}>` : `<${Date.now()}.${randomBytes(6).toString("hex")}@${domain}>`;
      const variables = Object.fromEntries(Object.entries(fields).flatMap(([name, value]) => (name.startsWith("v:") ? [[name.slice(2), value]] : [])));
      sent.push({ id, domain, fields, variables, at: clock() });
      if (lose === "drop") return { drop: true };
      if (lose === "500") return { status: 500, body: { message: "Internal Server Error" } };
      return { body: { id, message: "Queued. Thank you." } };
    }
    if (request.method === "GET" && request.path === `/v3/${domain}/events`) {
      const messageId = request.query.get("message-id");
      const begin = Number(request.query.get("begin") ?? 0);
      const items = sent
        .filter((message) => (!messageId || withoutBrackets(message.id) === messageId) && message.at.getTime() / 1000 >= begin)
        .map((message) => mailgunEventData(message, "accepted", message.at));
      const page = `${fakeUrl}/v3/${domain}/events/W3siYiI6ICIyMDI2LTAzLTAyVDA4OjAwOjAwLjAwMCswMDowMCJ9XQ==`;
      return { body: { items, paging: { first: page, last: page, next: page, previous: page } } };
    }
    return { status: 404, body: { message: "Not Found" } };
  };
  const fake = await startLocalHttpFake(handler);
  const fakeUrl = fake.url;
  return {
    url: fake.url,
    apiKey,
    domain,
    requests: fake.requests,
    sent,
    loseAnswers(how) {
      lose = how;
    },
    close: () => fake.close(),
  };
}

/** Mailgun's signature of a webhook or route post: hex HMAC-SHA256 of timestamp + token with the signing key. */
export function mailgunSignature(timestamp: string, token: string, signingKey: string) {
  return { timestamp, token, signature: createHmac("sha256", signingKey).update(timestamp + token).digest("hex") };
}

/** A random 50-character token, as Mailgun puts in each signature. */
export const mailgunToken = () => randomBytes(25).toString("hex");

/** One event's `event-data` about a sent e-mail, in the shape of Mailgun's "Webhook Payloads" (and of the Events API's items). */
export function mailgunEventData(sent: MailgunSent, event: "accepted" | "delivered" | "failed" | "complained" | "opened", at: Date, extra: Record<string, unknown> = {}) {
  const recipient = sent.fields.to!.replace(/^.*<|>$/g, "");
  return {
    id: randomBytes(16).toString("base64url").slice(0, 22),
    timestamp: at.getTime() / 1000,
    "log-level": event === "failed" ? "error" : event === "complained" ? "warn" : "info",
    event,
    recipient,
    "recipient-domain": recipient.split("@")[1],
    envelope: { sender: `bounce+1234@${sent.domain}`, transport: "smtp", targets: recipient },
    message: { headers: { to: sent.fields.to, "message-id": withoutBrackets(sent.id), from: sent.fields.from, subject: sent.fields.subject }, attachments: [], size: 1234 },
    "user-variables": sent.variables,
    flags: { "is-routed": false, "is-authenticated": true, "is-system-test": false, "is-test-mode": false },
    tags: [],
    ...(event === "failed"
      ? {
          severity: "permanent",
          reason: "bounce",
          "delivery-status": { code: 550, message: "5.1.1 The email account that you tried to reach does not exist.", description: "", "attempt-no": 1, "session-seconds": 0.4 },
        }
      : {}),
    ...extra,
  };
}

/** A tracking webhook's JSON body: the signature beside the event-data. */
export function mailgunWebhookBody(eventData: Record<string, unknown>, signature: { timestamp: string; token: string; signature: string }) {
  return { signature, "event-data": eventData };
}

/** What a route forwarding to a URL ending in mime posts (urlencoded; multipart with attachments): the raw message in body-mime, signed. */
export function mailgunRouteForm(input: { raw: string; recipient: string; from: string; subject: string; signature: { timestamp: string; token: string; signature: string } }): { rawBody: string; contentType: string } {
  const body = new URLSearchParams({
    recipient: input.recipient,
    sender: input.from.replace(/^.*<|>$/g, ""),
    from: input.from,
    subject: input.subject,
    "body-mime": input.raw,
    ...input.signature,
  });
  return { rawBody: body.toString(), contentType: "application/x-www-form-urlencoded" };
}
