// The Mailgun transport against a loopback stand-in answering in Mailgun's documented shapes
// ({id, message: "Queued. Thank you."} for a send, {message} for errors, {items, paging} for the
// Events API, {domain, …dns_records} for a domain), and its webhook reader with payloads in the
// shape of Mailgun's "Webhook Payloads" signed as Mailgun signs (HMAC-SHA256 of timestamp + token).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock, setClock } from "../../../../lib/clock";
import { multipartForm, startLocalHttpFake, type FakeAnswer, type FakeRequest, type LocalHttpFake } from "../../../../test/fakes/local-http-fake";
import { mailgunSignature } from "../../../../test/fakes/mailgun-fake";
import { MailProviderError, type OutgoingEmail } from "../../types";
import { ApiWebhookRefused, type ApiMailCredentials } from "../types";
import { createMailgunTransport } from "./mailgun-transport";

const transport = createMailgunTransport();
const START = Date.UTC(2026, 2, 2, 10, 0, 0);
const SIGNING_KEY = "key-signing-0123456789abcdef";
let clock: ManualClock;
let mailgun: LocalHttpFake;
let endpoint: { baseUrl: string };

const credentials: ApiMailCredentials = { kind: "api", provider: "mailgun", apiKey: "mg-private-key", domain: "mg.outreach.example", region: "eu", webhookSecret: SIGNING_KEY };

const email: OutgoingEmail = {
  from: { name: 'Ada "The" Sender', address: "ada@mg.outreach.example" },
  to: { name: "Lead Person", address: "lead@prospect.example" },
  subject: "Quick question",
  text: "Hello there",
  html: "<p>Hello there</p>",
  messageId: "<m-1.abc@mg.outreach.example>",
  inReplyTo: "<m-0.abc@mg.outreach.example>",
  references: ["<m-0.abc@mg.outreach.example>"],
  headers: { "List-Unsubscribe": "<https://herald.example/u/1>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
};

function answer(value: FakeAnswer | ((request: FakeRequest) => FakeAnswer)) {
  mailgun.handle(typeof value === "function" ? value : () => value);
}

async function failure(promise: Promise<unknown>): Promise<MailProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MailProviderError);
  return error as MailProviderError;
}

async function form(request: FakeRequest): Promise<FormData> {
  return new Response(new Uint8Array(request.body), { headers: { "content-type": String(request.headers["content-type"]) } }).formData();
}

beforeAll(async () => {
  mailgun = await startLocalHttpFake();
  endpoint = { baseUrl: mailgun.url };
});
afterAll(() => mailgun.close());
beforeEach(() => {
  mailgun.requests.length = 0;
  clock = new ManualClock(START);
  setClock(clock);
});

describe("send", () => {
  it("posts the e-mail with h:Message-Id and v:herald-message-id, and keeps Mailgun's id", async () => {
    answer({ status: 200, body: { id: "<m-1.abc@mg.outreach.example>", message: "Queued. Thank you." } });
    const sent = await transport.send(credentials, endpoint, email);
    expect(sent).toEqual({ providerMessageId: "<m-1.abc@mg.outreach.example>", acceptedAt: new Date(START).toISOString(), response: "Queued. Thank you." });

    const [request] = mailgun.requests;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/v3/mg.outreach.example/messages");
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from("api:mg-private-key").toString("base64")}`);
    const fields = await form(request!);
    expect(fields.get("from")).toBe('"Ada \\"The\\" Sender" <ada@mg.outreach.example>');
    expect(fields.getAll("to")).toEqual(['"Lead Person" <lead@prospect.example>']);
    expect(fields.get("subject")).toBe("Quick question");
    expect(fields.get("text")).toBe("Hello there");
    expect(fields.get("html")).toBe("<p>Hello there</p>");
    expect(fields.get("h:Message-Id")).toBe("<m-1.abc@mg.outreach.example>");
    expect(fields.get("h:In-Reply-To")).toBe("<m-0.abc@mg.outreach.example>");
    expect(fields.get("h:References")).toBe("<m-0.abc@mg.outreach.example>");
    expect(fields.get("h:List-Unsubscribe")).toBe("<https://herald.example/u/1>");
    expect(fields.get("h:List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(fields.get("v:herald-message-id")).toBe("<m-1.abc@mg.outreach.example>");
  });

  it("maps an invalid recipient to recipient-refused and other 400s to a failure not retried", async () => {
    answer({ status: 400, body: { message: "'to' parameter is not a valid address. please check documentation" } });
    let error = await failure(transport.send(credentials, endpoint, email));
    expect(error.code).toBe("recipient-refused");
    expect(error.message).toContain("lead@prospect.example");
    answer({ status: 400, body: { message: "Need at least one of 'text', 'html' or 'template' parameters specified" } });
    error = await failure(transport.send(credentials, endpoint, email));
    expect(error.code).toBe("mail-failed");
    expect(error.retryable).toBe(false);
  });

  it("maps 401 to auth-failed on the API key, 404 to the domain", async () => {
    answer({ status: 401, headers: { "content-type": "text/plain" }, body: "Forbidden" });
    let error = await failure(transport.send(credentials, endpoint, email));
    expect(error.code).toBe("auth-failed");
    expect((error as MailProviderError).field).toBe("apiKey");
    answer({ status: 404, body: { message: "Domain not found: mg.outreach.example" } });
    error = await failure(transport.send(credentials, endpoint, email));
    expect((error as MailProviderError).field).toBe("domain");
  });

  it("maps 402 and 403 to sending-refused", async () => {
    answer({
      status: 403,
      body: { message: "Domain sandbox123.mailgun.org is not allowed to send: Free accounts are for test purposes only. Please upgrade or add the address to authorized recipients in Account Settings." },
    });
    expect((await failure(transport.send(credentials, endpoint, email))).code).toBe("sending-refused");
    answer({ status: 402, body: { message: "Payment required" } });
    expect((await failure(transport.send(credentials, endpoint, email))).code).toBe("sending-refused");
  });

  it("retries 429 and server errors later; a 500 on send may have gone out", async () => {
    answer({ status: 429, body: { message: "Too many requests" } });
    let error = await failure(transport.send(credentials, endpoint, email));
    expect([error.code, error.retryable]).toEqual(["mail-failed", true]);
    answer({ status: 500, body: { message: "Internal error" } });
    error = await failure(transport.send(credentials, endpoint, email));
    expect([error.code, error.retryable]).toEqual(["timeout", true]);
    answer({ status: 503, body: { message: "Service unavailable" } });
    error = await failure(transport.send(credentials, endpoint, email));
    expect([error.code, error.retryable]).toEqual(["mail-failed", true]);
  });

  it("maps 413 to a too large e-mail", async () => {
    answer({ status: 413, body: { message: "Request entity too large" } });
    const error = await failure(transport.send(credentials, endpoint, email));
    expect([error.code, error.retryable]).toEqual(["mail-failed", false]);
  });

  it("treats a connection broken off during a send as maybe sent (Mailgun may have taken it), elsewhere as unreachable", async () => {
    answer({ drop: true });
    const error = await failure(transport.send(credentials, endpoint, email));
    expect([error.code, error.retryable]).toEqual(["timeout", true]);
    expect(error.message).toMatch(/may or may not have gone out/);
    expect((await failure(transport.verify(credentials, endpoint))).code).toBe("host-unreachable");
  });

  it("says Mailgun could not be reached when nothing listens", async () => {
    const closed = await startLocalHttpFake();
    const url = closed.url;
    await closed.close();
    const error = await failure(transport.send(credentials, { baseUrl: url }, email));
    expect([error.code, error.retryable]).toEqual(["host-unreachable", true]);
  });

  it("asks for the domain before calling Mailgun", async () => {
    const error = await failure(transport.send({ ...credentials, domain: " " }, endpoint, email));
    expect((error as MailProviderError).field).toBe("domain");
    expect(mailgun.requests).toHaveLength(0);
  });
});

describe("verify", () => {
  it("reads the domain", async () => {
    answer({ status: 200, body: { domain: { name: "mg.outreach.example", state: "active", type: "custom", created_at: "Mon, 02 Mar 2026 09:00:00 GMT" }, receiving_dns_records: [], sending_dns_records: [] } });
    await transport.verify(credentials, endpoint);
    expect(mailgun.requests[0]!.path).toBe("/v4/domains/mg.outreach.example");
  });

  it("names the API key for 401 and the domain for 404", async () => {
    answer({ status: 401, headers: { "content-type": "text/plain" }, body: "Forbidden" });
    expect(((await failure(transport.verify(credentials, endpoint))) as MailProviderError).field).toBe("apiKey");
    answer({ status: 404, body: { message: "Domain not found" } });
    const error = await failure(transport.verify(credentials, endpoint));
    expect(error.code).toBe("auth-failed");
    expect((error as MailProviderError).field).toBe("domain");
  });
});

describe("findSent", () => {
  const since = new Date(START - 60_000);

  it("looks the e-mail up in the Events API by its Message-ID without brackets, from `since`", async () => {
    answer({ status: 200, body: { items: [{ event: "accepted", id: "CCXMjJ7nQi2N3BPigGOdgQ", timestamp: START / 1000, message: { headers: { "message-id": "m-1.abc@mg.outreach.example" } } }], paging: {} } });
    expect(await transport.findSent(credentials, endpoint, email.messageId, since)).toBe(true);
    const [request] = mailgun.requests;
    expect(request!.path).toBe("/v3/mg.outreach.example/events");
    expect(request!.query.get("message-id")).toBe("m-1.abc@mg.outreach.example");
    expect(request!.query.get("begin")).toBe(String(Math.floor(since.getTime() / 1000)));
  });

  it("answers false with no events, or only a rejection", async () => {
    answer({ status: 200, body: { items: [], paging: {} } });
    expect(await transport.findSent(credentials, endpoint, email.messageId, since)).toBe(false);
    answer({ status: 200, body: { items: [{ event: "rejected", id: "r-1" }], paging: {} } });
    expect(await transport.findSent(credentials, endpoint, email.messageId, since)).toBe(false);
  });
});

function signature(timestamp: string, token: string, key = SIGNING_KEY) {
  return mailgunSignature(timestamp, token, key);
}

// In the shape of Mailgun's "Webhook Payloads".
function eventData(event: string, extra: Record<string, unknown> = {}) {
  return {
    id: `${event}-G9Bn5sl1TC6nu79C8C0bwg`,
    timestamp: 1772445600.123,
    "log-level": event === "failed" ? "error" : "info",
    event,
    recipient: "Lead@Prospect.example",
    "recipient-domain": "prospect.example",
    message: { headers: { to: "lead@prospect.example", "message-id": "m-1.abc@mg.outreach.example", from: "ada@mg.outreach.example", subject: "Quick question" }, attachments: [], size: 111 },
    "user-variables": { "herald-message-id": "<m-1.abc@mg.outreach.example>" },
    flags: { "is-routed": false, "is-authenticated": true, "is-system-test": false, "is-test-mode": false },
    tags: [],
    ...extra,
  };
}

describe("readWebhook: tracking events", () => {
  const url = "https://herald.example/api/webhooks/mail/mailgun/token";
  const nowSeconds = () => String(Math.floor(clock.now().getTime() / 1000));
  const post = (data: Record<string, unknown>, signed = signature(nowSeconds(), "a8ce0edb2dd8301dee6c2405235584e45aa91d1e9f979f3de0")) => ({
    rawBody: JSON.stringify({ signature: signed, "event-data": data }),
    headers: { "content-type": "application/json" },
    url,
  });

  it("reads each event Herald acts on in its words", async () => {
    const read = async (data: Record<string, unknown>) => {
      const result = await transport.readWebhook(credentials, post(data));
      if (result.kind !== "events") throw new Error(`expected events, got ${result.kind}`);
      return result.events;
    };
    const [delivered] = await read(eventData("delivered", { "delivery-status": { code: 250, message: "OK", description: "" } }));
    expect(delivered).toEqual({
      kind: "delivered",
      eventId: "delivered-G9Bn5sl1TC6nu79C8C0bwg",
      messageId: "<m-1.abc@mg.outreach.example>",
      providerMessageId: "<m-1.abc@mg.outreach.example>",
      recipient: "lead@prospect.example",
      occurredAt: new Date(1772445600123).toISOString(),
      detail: "250 OK",
    });
    const hard = await read(eventData("failed", { severity: "permanent", reason: "bounce", "delivery-status": { code: 550, message: "5.1.1 The email account that you tried to reach does not exist" } }));
    expect(hard[0]!.kind).toBe("bounce-hard");
    expect(hard[0]!.detail).toBe("bounce — 550 5.1.1 The email account that you tried to reach does not exist");
    expect((await read(eventData("failed", { severity: "temporary", reason: "generic" })))[0]!.kind).toBe("bounce-soft");
    expect((await read(eventData("complained")))[0]!.kind).toBe("complaint");
    expect((await read(eventData("opened")))[0]!.kind).toBe("open");
    expect((await read(eventData("clicked", { url: "https://herald.example/t/1" })))[0]!.kind).toBe("click");
    expect((await read(eventData("unsubscribed")))[0]!.kind).toBe("unsubscribe");
    expect(await read(eventData("accepted"))).toEqual([]);
  });

  it("falls back on the Message-ID header when the variable is missing", async () => {
    const result = await transport.readWebhook(credentials, post({ ...eventData("delivered"), "user-variables": {} }));
    expect(result.kind === "events" && result.events[0]!.messageId).toBe("<m-1.abc@mg.outreach.example>");
  });

  it("returns the signature's token, for the webhook service to take once (its signature does not cover the body)", async () => {
    const result = await transport.readWebhook(credentials, post(eventData("delivered"), signature(nowSeconds(), "token-taken-once")));
    expect(result).toMatchObject({ kind: "events", replayToken: "token-taken-once" });
  });

  it("refuses a wrong key, a forged signature, a stale or future timestamp, no signature and no key", async () => {
    const data = eventData("delivered");
    await expect(transport.readWebhook(credentials, post(data, signature(nowSeconds(), "token-1", "another-key")))).rejects.toThrow(/does not match/);
    await expect(transport.readWebhook(credentials, post(data, { ...signature(nowSeconds(), "token-1"), token: "token-2" }))).rejects.toThrow(/does not match/);
    await expect(transport.readWebhook(credentials, post(data, { ...signature(nowSeconds(), "token-1"), signature: "zz" }))).rejects.toThrow(/does not match/);
    const stale = String(Math.floor(START / 1000) - 11 * 60);
    await expect(transport.readWebhook(credentials, post(data, signature(stale, "token-1")))).rejects.toThrow(/too old/);
    const future = String(Math.floor(START / 1000) + 11 * 60);
    await expect(transport.readWebhook(credentials, post(data, signature(future, "token-1")))).rejects.toThrow(/too old/);
    await expect(transport.readWebhook(credentials, { rawBody: JSON.stringify({ "event-data": data }), headers: { "content-type": "application/json" }, url })).rejects.toThrow(/no Mailgun signature/);
    await expect(transport.readWebhook({ ...credentials, webhookSecret: null }, post(data))).rejects.toThrow(/signing key/);
    await expect(transport.readWebhook(credentials, { rawBody: "not json", headers: { "content-type": "application/json" }, url })).rejects.toBeInstanceOf(ApiWebhookRefused);
  });
});

describe("readWebhook: a route forwarding to a URL ending in mime", () => {
  const raw = [
    "From: Lead Person <lead@prospect.example>",
    "To: ada@mg.outreach.example",
    "Subject: Re: Quick question",
    "Message-ID: <reply-1@prospect.example>",
    "In-Reply-To: <m-1.abc@mg.outreach.example>",
    "Date: Mon, 02 Mar 2026 09:58:00 +0000",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Sounds good, let's talk.",
    "",
  ].join("\r\n");
  const url = "https://herald.example/api/webhooks/mail/mailgun/token/mime";

  function routePost(signed: { timestamp: string; token: string; signature: string }, fields: Record<string, string> = { "body-mime": raw }) {
    const body = new URLSearchParams({ recipient: "ada@mg.outreach.example", sender: "lead@prospect.example", from: "Lead Person <lead@prospect.example>", subject: "Re: Quick question", ...fields, ...signed });
    return { rawBody: body.toString(), headers: { "content-type": "application/x-www-form-urlencoded" }, url };
  }

  it("checks the form's signature and reads body-mime as an IncomingEmail", async () => {
    const timestamp = String(START / 1000 - 30);
    const result = await transport.readWebhook(credentials, routePost(signature(timestamp, "route-token")));
    if (result.kind !== "inbound") throw new Error(`expected inbound, got ${result.kind}`);
    expect(result.message).toMatchObject({
      messageId: "<reply-1@prospect.example>",
      inReplyTo: "<m-1.abc@mg.outreach.example>",
      from: { name: "Lead Person", address: "lead@prospect.example" },
      subject: "Re: Quick question",
      receivedAt: new Date(START - 30_000).toISOString(),
    });
    expect(result.message.uid).toMatch(/^mailgun:[0-9a-f]{32}$/);
    expect(result.replayToken).toBe("route-token");
  });

  it("reads a multipart post (a message with attachments) the same way", async () => {
    const signed = signature(String(START / 1000), "route-token");
    const fields: Record<string, string> = { "body-mime": raw, "attachment-count": "0", ...signed };
    const { rawBody, contentType } = multipartForm(fields, "mgBoundary");
    const result = await transport.readWebhook(credentials, { rawBody, headers: { "content-type": contentType }, url });
    expect(result.kind === "inbound" && result.message.messageId).toBe("<reply-1@prospect.example>");
  });

  it("refuses a forged or stale form, and a parsed (not mime) forward", async () => {
    await expect(transport.readWebhook(credentials, routePost(signature(String(START / 1000), "route-token", "another-key")))).rejects.toThrow(/does not match/);
    await expect(transport.readWebhook(credentials, routePost(signature(String(START / 1000 - 3600), "route-token")))).rejects.toThrow(/too old/);
    await expect(transport.readWebhook(credentials, routePost(signature(String(START / 1000), "route-token"), { "body-plain": "Sounds good" }))).rejects.toThrow(/ending in mime/);
  });
});
