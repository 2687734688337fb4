// The Amazon SES transport against a loopback stand-in that answers in SES v2's documented shapes,
// and its SNS check against real signatures made with a key pair generated for the run.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sesEventJson, sesReceivedJson, startSesFake, TEST_TOPIC_ARN, type SesFake } from "@/server/test/fakes/ses-fake";
import { MailProviderError, type OutgoingEmail } from "../../types";
import { ApiWebhookRefused, type ApiMailCredentials, type ApiMailTransport } from "../types";
import { createSesTransport } from "./ses-transport";

let ses: SesFake;
let transport: ApiMailTransport;
const credentials: ApiMailCredentials = { kind: "api", provider: "ses", apiKey: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", region: "eu-west-1", domain: "herald-events", webhookSecret: null };

const email: OutgoingEmail = {
  from: { name: "Rep", address: "rep@sender.example" },
  to: { name: "Ann Lee", address: "ann@prospect.test" },
  subject: "Quick question",
  text: "Hi Ann",
  html: "<p>Hi Ann</p>",
  messageId: "<m1.abc@sender.example>",
  inReplyTo: "<m0@sender.example>",
  references: ["<m0@sender.example>"],
  headers: { "List-Unsubscribe": "<https://herald.test/u/abc>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
};

beforeAll(async () => {
  ses = await startSesFake();
  transport = createSesTransport({ testUrlPrefix: ses.testUrlPrefix });
});
afterAll(() => ses?.close());

const endpoint = () => ({ baseUrl: ses.url });
const request = (body: unknown) => ({ rawBody: JSON.stringify(body), headers: { "x-amz-sns-message-type": "Notification" }, url: "https://herald.test/api/providers/mail/ses/tok" });

describe("sending", () => {
  it("sends the e-mail as raw MIME with Herald's Message-ID and headers, signed with the access key", async () => {
    const sent = await transport.send(credentials, endpoint(), email);
    const got = ses.sent.at(-1)!;
    expect(sent.providerMessageId).toBe(got.messageId);
    expect(got.to).toEqual(["ann@prospect.test"]);
    expect(got.from).toBe("rep@sender.example");
    expect(got.configurationSet).toBe("herald-events");
    expect(got.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/\d{8}\/eu-west-1\/ses\/aws4_request/);
    expect(got.raw).toMatch(/^Message-ID: <m1\.abc@sender\.example>$/m);
    expect(got.raw).toMatch(/^In-Reply-To: <m0@sender\.example>$/m);
    expect(got.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(got.raw).toMatch(/^To: Ann Lee <ann@prospect\.test>$/m);
    expect(got.raw).toContain("multipart/alternative");
  });

  it("verifies the key with GetAccount, and names the field SES refused", async () => {
    await expect(transport.verify(credentials, endpoint())).resolves.toBeUndefined();
    ses.failWith({ status: 403, type: "UnrecognizedClientException", message: "The security token included in the request is invalid." });
    await expect(transport.verify(credentials, endpoint())).rejects.toMatchObject({ code: "auth-failed", field: "apiKey" });
    ses.failWith({ status: 403, type: "SignatureDoesNotMatch", message: "The request signature we calculated does not match the signature you provided." });
    await expect(transport.verify(credentials, endpoint())).rejects.toMatchObject({ code: "auth-failed", field: "secretAccessKey" });
    ses.failWith(null);
    await expect(transport.verify({ ...credentials, region: undefined }, endpoint())).rejects.toMatchObject({ code: "auth-failed", field: "region" });
  });

  it("maps SES's refusals: MessageRejected and a paused account refuse sending, throttling is retried, a 5xx is unknown", async () => {
    const cases: Array<[number, string, Partial<MailProviderError>]> = [
      [400, "MessageRejected", { code: "sending-refused", retryable: false }],
      [400, "SendingPausedException", { code: "sending-refused" }],
      [429, "TooManyRequestsException", { code: "mail-failed", retryable: true }],
      [500, "InternalFailure", { code: "timeout" }],
    ];
    for (const [status, type, expected] of cases) {
      ses.failWith({ status, type, message: `${type} happened` });
      await expect(transport.send(credentials, endpoint(), email)).rejects.toMatchObject(expected);
    }
    ses.failWith(null);
  });

  it("cannot look a sent e-mail up: SES has no such search", async () => {
    expect(await transport.findSent(credentials, endpoint(), email.messageId, new Date())).toBeNull();
  });
});

describe("SNS webhooks", () => {
  it("reads a signed bounce (versions 1 and 2) as a hard bounce of Herald's Message-ID", async () => {
    await transport.send(credentials, endpoint(), email);
    const sent = ses.sent.at(-1)!;
    for (const version of ["1", "2"] as const) {
      const message = ses.snsMessage({ message: sesEventJson({ eventType: "Bounce", sent }), signatureVersion: version });
      const result = await transport.readWebhook(credentials, request(message));
      expect(result).toEqual({
        kind: "events",
        events: [expect.objectContaining({ kind: "bounce-hard", messageId: "<m1.abc@sender.example>", providerMessageId: sent.messageId, recipient: "ann@prospect.test", eventId: `${message.MessageId}:0` })],
      });
    }
    const soft = await transport.readWebhook(credentials, request(ses.snsMessage({ message: sesEventJson({ eventType: "Bounce", sent, bounceType: "Transient" }) })));
    expect(soft).toMatchObject({ events: [{ kind: "bounce-soft", detail: expect.stringContaining("4.2.2") }] });
    const complaint = await transport.readWebhook(credentials, request(ses.snsMessage({ message: sesEventJson({ eventType: "Complaint", sent }) })));
    expect(complaint).toMatchObject({ events: [{ kind: "complaint" }] });
    const delivery = await transport.readWebhook(credentials, request(ses.snsMessage({ message: sesEventJson({ eventType: "Delivery", sent }) })));
    expect(delivery).toMatchObject({ events: [{ kind: "delivered" }] });
  });

  it("refuses a tampered message, a certificate off SNS's host, and another topic than the mailbox's", async () => {
    const sent = ses.sent.at(-1)!;
    const signed = ses.snsMessage({ message: sesEventJson({ eventType: "Bounce", sent }) });
    await expect(transport.readWebhook(credentials, request({ ...signed, Message: signed.Message.replace("ann@prospect.test", "bob@prospect.test") }))).rejects.toBeInstanceOf(ApiWebhookRefused);
    const elsewhere = ses.snsMessage({ message: "{}", certUrl: "https://attacker.example/SimpleNotificationService-x.pem" });
    await expect(transport.readWebhook(credentials, request(elsewhere))).rejects.toThrow(/not on Amazon SNS's host/);
    // Outside tests, only https://sns.<region>.amazonaws.com is taken.
    const production = createSesTransport({ testUrlPrefix: null });
    await expect(production.readWebhook(credentials, request(signed))).rejects.toThrow(/not on Amazon SNS's host/);
    const pinned = { ...credentials, webhookSecret: "arn:aws:sns:eu-west-1:123456789012:another-topic" };
    await expect(transport.readWebhook(pinned, request(signed))).rejects.toThrow(/not the one this mailbox/);
    await expect(transport.readWebhook({ ...credentials, webhookSecret: TEST_TOPIC_ARN }, request(signed))).resolves.toMatchObject({ kind: "events" });
  });

  it("reads a reply a receipt rule published to the topic (UTF8 or BASE64) as an inbound e-mail", async () => {
    const raw = "From: Ann <ann@prospect.test>\r\nTo: rep@sender.example\r\nSubject: Re: Quick question\r\nMessage-ID: <r1@prospect.test>\r\nIn-Reply-To: <m1.abc@sender.example>\r\n\r\nYes, Tuesday works.\r\n";
    for (const encoding of ["UTF8", "BASE64"] as const) {
      const result = await transport.readWebhook(credentials, request(ses.snsMessage({ message: sesReceivedJson({ raw, encoding, to: "rep@sender.example" }) })));
      expect(result).toMatchObject({ kind: "inbound", message: { messageId: "<r1@prospect.test>", inReplyTo: "<m1.abc@sender.example>", from: { address: "ann@prospect.test" }, text: expect.stringContaining("Tuesday") } });
    }
  });

  it("returns a subscription confirmation to fetch, only at SNS's address", async () => {
    const confirmation = ses.snsMessage({ type: "SubscriptionConfirmation", message: "You have chosen to subscribe to the topic" });
    expect(await transport.readWebhook(credentials, request(confirmation))).toEqual({ kind: "subscription-confirmation", confirmUrl: confirmation.SubscribeURL });
  });
});
