// The SendGrid transport against a loopback stand-in answering in SendGrid v3's documented shapes:
// 202 + X-Message-Id for /v3/mail/send, {errors: [{message, field, help}]} for errors, the Email
// Activity API's {messages: […]}. Its webhooks: sendgrid-webhook.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock, setClock } from "../../../../lib/clock";
import { startLocalHttpFake, type FakeAnswer, type FakeRequest, type LocalHttpFake } from "../../../../test/fakes/local-http-fake";
import { MailProviderError, type OutgoingEmail } from "../../types";
import type { ApiMailCredentials } from "../types";
import { createSendgridTransport } from "./sendgrid-transport";

const transport = createSendgridTransport();
const START = Date.UTC(2026, 2, 2, 10, 0, 0);
let clock: ManualClock;
let sendgrid: LocalHttpFake;
let endpoint: { baseUrl: string };

const credentials: ApiMailCredentials = { kind: "api", provider: "sendgrid", apiKey: "SG.test-key.secret", webhookSecret: null };

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
    expect(error).toBeInstanceOf(MailProviderError);
    expect((error as MailProviderError).field).toBe("apiKey");
  });

  it("maps 403 for an unverified sender to sending-refused, and other 403s to auth-failed", async () => {
    answer({ status: 403, body: sgErrors("The from address does not match a verified Sender Identity. Mail cannot be sent until this error is resolved.", "from") });
    expect((await failure(transport.send(credentials, endpoint, email))).code).toBe("sending-refused");
    answer({ status: 403, body: sgErrors("access forbidden") });
    const error = await failure(transport.send(credentials, endpoint, email));
    expect(error.code).toBe("auth-failed");
    expect((error as MailProviderError).field).toBe("apiKey");
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

  it("treats a connection broken off during a send as maybe sent (SendGrid may have taken it), elsewhere as unreachable", async () => {
    answer({ drop: true });
    const error = await failure(transport.send(credentials, endpoint, email));
    expect([error.code, error.retryable]).toEqual(["timeout", true]);
    expect(error.message).toMatch(/may or may not have gone out/);
    expect((await failure(transport.verify(credentials, endpoint))).code).toBe("host-unreachable");
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
    expect((error as MailProviderError).field).toBe("apiKey");
    answer({ status: 401, body: sgErrors("authorization required") });
    error = await failure(transport.verify(credentials, endpoint));
    expect(error.code).toBe("auth-failed");
    expect((error as MailProviderError).field).toBe("apiKey");
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
    expect((error as MailProviderError).field).toBe("apiKey");
  });
});
