// The SendGrid transport against a loopback stand-in answering in SendGrid v3's documented shapes
// (202 + X-Message-Id for /v3/mail/send, {errors: [{message, field, help}]} for errors, the Email
// Activity API's {messages: […]}), and its webhook reader with a real ECDSA P-256 key pair signing
// as SendGrid signs (timestamp + raw body, SHA-256, DER, base64).
import { generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock, setClock } from "../../../../lib/clock";
import { startLocalHttpFake, type FakeAnswer, type FakeRequest, type LocalHttpFake } from "../../../../test/fakes/local-http-fake";
import { MailProviderError, type OutgoingEmail } from "../../types";
import { ApiWebhookRefused, type ApiMailCredentials } from "../types";
import { ApiCredentialError } from "./api-credential-error";
import { createSendgridTransport } from "./sendgrid-transport";

const transport = createSendgridTransport();
const START = Date.UTC(2026, 2, 2, 10, 0, 0);
let clock: ManualClock;
let sendgrid: LocalHttpFake;
let endpoint: { baseUrl: string };

const keys = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
/** As SendGrid shows the verification key: the SPKI DER, base64, no PEM lines. */
const publicKey = keys.publicKey.export({ type: "spki", format: "der" }).toString("base64");
const credentials: ApiMailCredentials = { kind: "api", provider: "sendgrid", apiKey: "SG.test-key.secret", webhookSecret: publicKey };

const email: OutgoingEmail = {
  from: { name: "Ada Sender", address: "ada@outreach.example" },
  to: { name: null, address: "lead@prospect.example" },
  subject: "Quick question",
  text: "Hello there",
  html: "<p>Hello there</p>",
  messageId: "<m-1.abc@outreach.example>",
  inReplyTo: "<m-0.abc@outreach.example>",
  references: ["<m-0.abc@outreach.example>"],
  headers: { "List-Unsubscribe": "<https://herald.example/u/1>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
};

function answer(value: FakeAnswer | ((request: FakeRequest) => FakeAnswer)) {
  sendgrid.handle(typeof value === "function" ? value : () => value);
}

async function failure(promise: Promise<unknown>): Promise<MailProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MailProviderError);
  return error as MailProviderError;
}

const sgErrors = (message: string, field: string | null = null) => ({ errors: [{ message, field, help: null }] });

beforeAll(async () => {
  sendgrid = await startLocalHttpFake();
  endpoint = { baseUrl: sendgrid.url };
});
afterAll(() => sendgrid.close());
beforeEach(() => {
  sendgrid.requests.length = 0;
  clock = new ManualClock(START);
  setClock(clock);
});

describe("send", () => {
  it("posts the e-mail with Herald's Message-ID in its headers and custom_args, and keeps X-Message-Id", async () => {
    answer({ status: 202, headers: { "x-message-id": "W5LxKjbWQDSHIXHP6m1Fyg" } });
    const sent = await transport.send(credentials, endpoint, email);
    expect(sent).toEqual({ providerMessageId: "W5LxKjbWQDSHIXHP6m1Fyg", acceptedAt: new Date(START).toISOString(), response: "202 Accepted" });

    const [request] = sendgrid.requests;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/v3/mail/send");
    expect(request!.headers.authorization).toBe("Bearer SG.test-key.secret");
    const body = JSON.parse(request!.body.toString("utf8"));
    expect(body.personalizations).toEqual([{ to: [{ email: "lead@prospect.example" }] }]);
    expect(body.from).toEqual({ email: "ada@outreach.example", name: "Ada Sender" });
    expect(body.subject).toBe("Quick question");
    expect(body.content).toEqual([
      { type: "text/plain", value: "Hello there" },
      { type: "text/html", value: "<p>Hello there</p>" },
    ]);
    expect(body.headers).toEqual({
      "Message-ID": "<m-1.abc@outreach.example>",
      "In-Reply-To": "<m-0.abc@outreach.example>",
      References: "<m-0.abc@outreach.example>",
      "List-Unsubscribe": "<https://herald.example/u/1>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(body.custom_args).toEqual({ herald_message_id: "<m-1.abc@outreach.example>" });
  });

  it("uses SendGrid's EU host for region eu unless the endpoint says otherwise", async () => {
    answer({ status: 202, headers: { "x-message-id": "eu-1" } });
    const sent = await transport.send({ ...credentials, region: "eu" }, endpoint, email);
    expect(sent.providerMessageId).toBe("eu-1");
    expect(sendgrid.requests).toHaveLength(1);
  });

  it("maps an invalid recipient to recipient-refused", async () => {
    answer({ status: 400, body: sgErrors("Does not contain a valid address.", "personalizations.0.to.0.email") });
    const error = await failure(transport.send(credentials, endpoint, email));
    expect(error.code).toBe("recipient-refused");
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("lead@prospect.example");
  });

  it("maps another 400 to a failure not worth retrying", async () => {
    answer({ status: 400, body: sgErrors("The subject is required.", "subject") });
    const error = await failure(transport.send(credentials, endpoint, email));
    expect(error.code).toBe("mail-failed");
    expect(error.retryable).toBe(false);
    expect(error.serverResponse).toBe("The subject is required.");
  });

  it("maps 401 to auth-failed on the API key", async () => {
    answer({ status: 401, body: sgErrors("The provided authorization grant is invalid, expired, or revoked") });
    const error = await failure(transport.send(credentials, endpoint, email));
    expect(error.code).toBe("auth-failed");
    expect(error).toBeInstanceOf(ApiCredentialError);
    expect((error as ApiCredentialError).credentialField).toBe("apiKey");
  });

  it("maps 403 for an unverified sender to sending-refused, and other 403s to auth-failed", async () => {
    answer({ status: 403, body: sgErrors("The from address does not match a verified Sender Identity. Mail cannot be sent until this error is resolved.", "from") });
    expect((await failure(transport.send(credentials, endpoint, email))).code).toBe("sending-refused");
    answer({ status: 403, body: sgErrors("access forbidden") });
    const error = await failure(transport.send(credentials, endpoint, email));
    expect(error.code).toBe("auth-failed");
    expect((error as ApiCredentialError).credentialField).toBe("apiKey");
  });

  it("maps 413 to a too large e-mail, not retried", async () => {
    answer({ status: 413, body: sgErrors("The JSON payload you have included in your request is too large.") });
    const error = await failure(transport.send(credentials, endpoint, email));
    expect(error.code).toBe("mail-failed");
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/too large/);
  });

  it("retries a 429 later and says how long SendGrid asks to wait", async () => {
    answer({ status: 429, headers: { "retry-after": "30" }, body: sgErrors("too many requests") });
    let error = await failure(transport.send(credentials, endpoint, email));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain("30 seconds");
    answer({ status: 429, headers: { "x-ratelimit-reset": String(START / 1000 + 45) }, body: sgErrors("too many requests") });
    error = await failure(transport.send(credentials, endpoint, email));
    expect(error.message).toContain("45 seconds");
  });

  it("treats a server error on send as maybe sent (timeout), and 503 as not taken", async () => {
    answer({ status: 500, body: sgErrors("internal error") });
    let error = await failure(transport.send(credentials, endpoint, email));
    expect(error.code).toBe("timeout");
    expect(error.retryable).toBe(true);
    answer({ status: 503, body: sgErrors("service unavailable") });
    error = await failure(transport.send(credentials, endpoint, email));
    expect(error.code).toBe("mail-failed");
    expect(error.retryable).toBe(true);
  });

  it("says SendGrid could not be reached when nothing listens", async () => {
    const closed = await startLocalHttpFake();
    const url = closed.url;
    await closed.close();
    const error = await failure(transport.send(credentials, { baseUrl: url }, email));
    expect(error.code).toBe("host-unreachable");
    expect(error.retryable).toBe(true);
  });
});

describe("verify", () => {
  it("accepts a key that may send mail", async () => {
    answer({ status: 200, body: { scopes: ["mail.send", "alerts.read"] } });
    await transport.verify(credentials, endpoint);
    expect(sendgrid.requests[0]!.path).toBe("/v3/scopes");
    expect(sendgrid.requests[0]!.headers.authorization).toBe("Bearer SG.test-key.secret");
  });

  it("refuses a key without Mail Send, and an unknown key, naming the API key", async () => {
    answer({ status: 200, body: { scopes: ["alerts.read"] } });
    let error = await failure(transport.verify(credentials, endpoint));
    expect(error.code).toBe("auth-failed");
    expect((error as ApiCredentialError).credentialField).toBe("apiKey");
    answer({ status: 401, body: sgErrors("authorization required") });
    error = await failure(transport.verify(credentials, endpoint));
    expect(error.code).toBe("auth-failed");
    expect((error as ApiCredentialError).credentialField).toBe("apiKey");
  });
});

describe("findSent", () => {
  const since = new Date(START - 60_000);
  const message = (status: string, lastEventTime: string) => ({
    from_email: "ada@outreach.example",
    msg_id: "W5LxKjbWQDSHIXHP6m1Fyg.filter0001.16648.5515E0B88.0",
    subject: "Quick question",
    to_email: "lead@prospect.example",
    status,
    opens_count: 0,
    clicks_count: 0,
    last_event_time: lastEventTime,
  });

  it("finds the e-mail by its custom argument in the Email Activity API", async () => {
    answer({ status: 200, body: { messages: [message("delivered", "2026-03-02T10:00:05Z")] } });
    expect(await transport.findSent(credentials, endpoint, email.messageId, since)).toBe(true);
    const [request] = sendgrid.requests;
    expect(request!.path).toBe("/v3/messages");
    expect(request!.query.get("query")).toBe(`unique_args['herald_message_id']="<m-1.abc@outreach.example>"`);
  });

  it("answers false when SendGrid has no such e-mail since then", async () => {
    answer({ status: 200, body: { messages: [] } });
    expect(await transport.findSent(credentials, endpoint, email.messageId, since)).toBe(false);
    answer({ status: 200, body: { messages: [message("processed", "2026-03-01T09:00:00Z")] } });
    expect(await transport.findSent(credentials, endpoint, email.messageId, since)).toBe(false);
  });

  it("answers null when the account has no Email Activity add-on (403, 404) or takes no such query (400)", async () => {
    answer({ status: 403, body: sgErrors("access forbidden") });
    expect(await transport.findSent(credentials, endpoint, email.messageId, since)).toBeNull();
    answer({ status: 404, body: sgErrors("not found") });
    expect(await transport.findSent(credentials, endpoint, email.messageId, since)).toBeNull();
    answer({ status: 400, body: sgErrors("invalid syntax: 'unique_args' is not a known field") });
    expect(await transport.findSent(credentials, endpoint, email.messageId, since)).toBeNull();
  });

  it("says a wrong key when findSent is refused with 401", async () => {
    answer({ status: 401, body: sgErrors("authorization required") });
    const error = await failure(transport.findSent(credentials, endpoint, email.messageId, since));
    expect((error as ApiCredentialError).credentialField).toBe("apiKey");
  });
});

// Event Webhook samples in the shape of SendGrid's Event Webhook reference.
const events = [
  {
    email: "Lead@Prospect.example",
    timestamp: 1772445600,
    "smtp-id": "<m-1.abc@outreach.example>",
    event: "delivered",
    response: "250 OK",
    sg_event_id: "hqFbp3HH9WxIM0R2-x2M1Q==",
    sg_message_id: "W5LxKjbWQDSHIXHP6m1Fyg.filter0001.16648.5515E0B88.0",
    herald_message_id: "<m-1.abc@outreach.example>",
  },
  { email: "lead@prospect.example", timestamp: 1772445601, event: "processed", sg_event_id: "p-1", sg_message_id: "W5Lx.filter0001" },
  { email: "lead@prospect.example", timestamp: 1772445601, event: "deferred", response: "400 try again later", attempt: "5", sg_event_id: "d-1", sg_message_id: "W5Lx.filter0001" },
  {
    email: "lead@prospect.example",
    timestamp: 1772445602,
    event: "bounce",
    type: "bounce",
    bounce_classification: "Invalid Address",
    reason: "550 5.1.1 The email account that you tried to reach does not exist.",
    status: "5.1.1",
    sg_event_id: "b-1",
    sg_message_id: "W5Lx.filter0001",
    herald_message_id: "<m-1.abc@outreach.example>",
  },
  { email: "lead@prospect.example", timestamp: 1772445603, event: "bounce", type: "blocked", bounce_classification: "Reputation", reason: "550 blocked", sg_event_id: "b-2", sg_message_id: "W5Lx.filter0001" },
  { email: "lead@prospect.example", timestamp: 1772445603, event: "bounce", type: "bounce", bounce_classification: "Content", reason: "554 content", sg_event_id: "b-3", sg_message_id: "W5Lx.filter0001" },
  { email: "lead@prospect.example", timestamp: 1772445604, event: "dropped", reason: "Bounced Address", sg_event_id: "x-1", sg_message_id: "W5Lx.filter0001" },
  { email: "lead@prospect.example", timestamp: 1772445604, event: "dropped", reason: "Unsubscribed Address", sg_event_id: "x-2", sg_message_id: "W5Lx.filter0001" },
  { email: "lead@prospect.example", timestamp: 1772445604, event: "dropped", reason: "Spam Reporting Address", sg_event_id: "x-3", sg_message_id: "W5Lx.filter0001" },
  { email: "lead@prospect.example", timestamp: 1772445605, event: "spamreport", sg_event_id: "s-1", sg_message_id: "W5Lx.filter0001" },
  { email: "lead@prospect.example", timestamp: 1772445606, event: "open", useragent: "Mozilla/4.0", ip: "255.255.255.255", sg_event_id: "o-1", sg_message_id: "W5Lx.filter0001" },
  { email: "lead@prospect.example", timestamp: 1772445607, event: "click", url: "https://herald.example/t/1", sg_event_id: "c-1", sg_message_id: "W5Lx.filter0001" },
  { email: "lead@prospect.example", timestamp: 1772445608, event: "unsubscribe", sg_event_id: "u-1", sg_message_id: "W5Lx.filter0001" },
  { email: "lead@prospect.example", timestamp: 1772445609, event: "group_unsubscribe", asm_group_id: 1, sg_event_id: "u-2", sg_message_id: "W5Lx.filter0001" },
];

function signed(rawBody: string, timestamp: string, privateKey: KeyObject = keys.privateKey): Record<string, string> {
  const signature = sign("sha256", Buffer.from(timestamp + rawBody, "utf8"), privateKey).toString("base64");
  return { "content-type": "application/json", "x-twilio-email-event-webhook-signature": signature, "x-twilio-email-event-webhook-timestamp": timestamp };
}

describe("readWebhook: Event Webhook", () => {
  const rawBody = JSON.stringify(events);
  const url = "https://herald.example/api/webhooks/mail/sendgrid/token";
  const nowSeconds = () => String(Math.floor(clock.now().getTime() / 1000));

  it("reads signed events in Herald's words, leaving out processed and deferred", async () => {
    const result = await transport.readWebhook(credentials, { rawBody, headers: signed(rawBody, nowSeconds()), url });
    if (result.kind !== "events") throw new Error(`expected events, got ${result.kind}`);
    expect(result.events.map((event) => [event.eventId, event.kind])).toEqual([
      ["hqFbp3HH9WxIM0R2-x2M1Q==", "delivered"],
      ["b-1", "bounce-hard"],
      ["b-2", "bounce-soft"],
      ["b-3", "bounce-soft"],
      ["x-1", "bounce-hard"],
      ["x-2", "unsubscribe"],
      ["x-3", "complaint"],
      ["s-1", "complaint"],
      ["o-1", "open"],
      ["c-1", "click"],
      ["u-1", "unsubscribe"],
      ["u-2", "unsubscribe"],
    ]);
    expect(result.events[0]).toEqual({
      kind: "delivered",
      eventId: "hqFbp3HH9WxIM0R2-x2M1Q==",
      messageId: "<m-1.abc@outreach.example>",
      providerMessageId: "W5LxKjbWQDSHIXHP6m1Fyg",
      recipient: "lead@prospect.example",
      occurredAt: new Date(1772445600 * 1000).toISOString(),
      detail: "250 OK",
    });
    expect(result.events[1]!.detail).toContain("Invalid Address");
  });

  it("refuses a tampered body, a forged signature, a stale or future timestamp, and a missing signature", async () => {
    const headers = signed(rawBody, nowSeconds());
    const tampered = rawBody.replace('"event":"open"', '"event":"click"');
    await expect(transport.readWebhook(credentials, { rawBody: tampered, headers, url })).rejects.toBeInstanceOf(ApiWebhookRefused);

    const other = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
    await expect(transport.readWebhook(credentials, { rawBody, headers: signed(rawBody, nowSeconds(), other.privateKey), url })).rejects.toBeInstanceOf(ApiWebhookRefused);

    const stale = String(Math.floor(START / 1000) - 11 * 60);
    await expect(transport.readWebhook(credentials, { rawBody, headers: signed(rawBody, stale), url })).rejects.toThrow(/too old/);
    const future = String(Math.floor(START / 1000) + 11 * 60);
    await expect(transport.readWebhook(credentials, { rawBody, headers: signed(rawBody, future), url })).rejects.toThrow(/too old/);

    await expect(transport.readWebhook(credentials, { rawBody, headers: { "content-type": "application/json" }, url })).rejects.toThrow(/no SendGrid signature/);
    await expect(transport.readWebhook({ ...credentials, webhookSecret: null }, { rawBody, headers, url })).rejects.toThrow(/verification key/);
    await expect(transport.readWebhook({ ...credentials, webhookSecret: "not a key" }, { rawBody, headers, url })).rejects.toBeInstanceOf(ApiWebhookRefused);
  });

  it("accepts a request signed ten minutes ago, moved on by the clock", async () => {
    const headers = signed(rawBody, nowSeconds());
    clock.advance(9 * 60_000);
    const result = await transport.readWebhook(credentials, { rawBody, headers, url });
    expect(result.kind).toBe("events");
  });
});

describe("readWebhook: Inbound Parse", () => {
  const raw = [
    "From: Lead Person <lead@prospect.example>",
    "To: ada@outreach.example",
    "Subject: Re: Quick question",
    "Message-ID: <reply-1@prospect.example>",
    "In-Reply-To: <m-1.abc@outreach.example>",
    "References: <m-0.abc@outreach.example> <m-1.abc@outreach.example>",
    "Date: Mon, 02 Mar 2026 09:58:00 +0000",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Sounds good, let's talk.",
    "",
  ].join("\r\n");

  function multipart(fields: Record<string, string>): { rawBody: string; contentType: string } {
    const boundary = "xYzZY";
    const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    return { rawBody: `${parts.join("")}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
  }

  it("reads the raw MIME message SendGrid posts as an IncomingEmail", async () => {
    const { rawBody, contentType } = multipart({
      dkim: "{@prospect.example : pass}",
      email: raw,
      to: "ada@outreach.example",
      from: "Lead Person <lead@prospect.example>",
      sender_ip: "203.0.113.5",
      envelope: '{"to":["ada@outreach.example"],"from":"lead@prospect.example"}',
      subject: "Re: Quick question",
      charsets: '{"to":"UTF-8","subject":"UTF-8","from":"UTF-8"}',
      SPF: "pass",
    });
    const result = await transport.readWebhook(credentials, { rawBody, headers: { "content-type": contentType }, url: "https://herald.example/in" });
    if (result.kind !== "inbound") throw new Error(`expected inbound, got ${result.kind}`);
    expect(result.message).toMatchObject({
      messageId: "<reply-1@prospect.example>",
      inReplyTo: "<m-1.abc@outreach.example>",
      references: ["<m-0.abc@outreach.example>", "<m-1.abc@outreach.example>"],
      from: { name: "Lead Person", address: "lead@prospect.example" },
      to: [{ name: null, address: "ada@outreach.example" }],
      subject: "Re: Quick question",
      receivedAt: new Date(START).toISOString(),
    });
    expect(result.message.text.trim()).toBe("Sounds good, let's talk.");
    expect(result.message.uid).toMatch(/^sendgrid:[0-9a-f]{32}$/);
    // A redelivered post reads as the same message.
    const again = await transport.readWebhook(credentials, { rawBody, headers: { "content-type": contentType }, url: "https://herald.example/in" });
    expect(again.kind === "inbound" && again.message.uid).toBe(result.message.uid);
  });

  it("refuses a parsed post without the raw message", async () => {
    const { rawBody, contentType } = multipart({ text: "Sounds good", from: "lead@prospect.example", subject: "Re: Quick question" });
    await expect(transport.readWebhook(credentials, { rawBody, headers: { "content-type": contentType }, url: "https://herald.example/in" })).rejects.toThrow(/raw, full MIME/);
  });
});
