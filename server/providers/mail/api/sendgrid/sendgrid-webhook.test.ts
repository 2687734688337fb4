// SendGrid's webhooks as the SendGrid transport reads them: Event Webhook requests signed with a
// real ECDSA P-256 key pair as SendGrid signs them (timestamp + raw body, SHA-256, DER, base64,
// checked against the key as SendGrid shows it: SPKI DER in base64), with payloads in the shape of
// SendGrid's Event Webhook reference; and Inbound Parse posts with the raw MIME message.
import type { KeyObject } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { ManualClock, setClock } from "../../../../lib/clock";
import { multipartForm } from "../../../../test/fakes/local-http-fake";
import { sendgridKeyPair, sendgridSignedHeaders } from "../../../../test/fakes/sendgrid-fake";
import { ApiWebhookRefused, type ApiMailCredentials } from "../types";
import { createSendgridTransport } from "./sendgrid-transport";

const transport = createSendgridTransport();
const START = Date.UTC(2026, 2, 2, 10, 0, 0);
let clock: ManualClock;

const keys = sendgridKeyPair();
const credentials: ApiMailCredentials = { kind: "api", provider: "sendgrid", apiKey: "SG.test-key.secret", webhookSecret: keys.publicKey };

beforeEach(() => {
  clock = new ManualClock(START);
  setClock(clock);
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
    // Not ASCII: the signature covers the body's UTF-8 bytes.
    category: "Café outreach — März",
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
  return sendgridSignedHeaders(rawBody, timestamp, privateKey);
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

    const other = sendgridKeyPair();
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

  it("reads the raw MIME message SendGrid posts as an IncomingEmail", async () => {
    const { rawBody, contentType } = multipartForm({
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
    // Only the address's token vouches for it: a report inside is not to be acted on.
    expect(result.tokenOnly).toBe(true);
    // A redelivered post reads as the same message.
    const again = await transport.readWebhook(credentials, { rawBody, headers: { "content-type": contentType }, url: "https://herald.example/in" });
    expect(again.kind === "inbound" && again.message.uid).toBe(result.message.uid);
  });

  it("refuses a parsed post without the raw message", async () => {
    const { rawBody, contentType } = multipartForm({ text: "Sounds good", from: "lead@prospect.example", subject: "Re: Quick question" });
    await expect(transport.readWebhook(credentials, { rawBody, headers: { "content-type": contentType }, url: "https://herald.example/in" })).rejects.toThrow(/raw, full MIME/);
  });
});
