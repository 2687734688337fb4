// The Postmark transport against a loopback stand-in that answers in Postmark's documented shapes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postmarkBounce, postmarkComplaint, postmarkInbound, startPostmarkFake, type PostmarkFake } from "@/server/test/fakes/postmark-fake";
import type { OutgoingEmail } from "../../types";
import { ApiWebhookRefused, type ApiMailCredentials } from "../types";
import { createPostmarkTransport } from "./postmark-transport";

let postmark: PostmarkFake;
const transport = createPostmarkTransport();
const WEBHOOK_PASSWORD = "a-long-webhook-password";
let credentials: ApiMailCredentials;

const email: OutgoingEmail = {
  from: { name: "Rep \"The Closer\"", address: "rep@sender.example" },
  to: { name: null, address: "ann@prospect.test" },
  subject: "Quick question",
  text: "Hi Ann",
  html: null,
  messageId: "<m1.pm@sender.example>",
  inReplyTo: null,
  references: [],
  headers: { "List-Unsubscribe": "<https://herald.test/u/abc>" },
};

beforeAll(async () => {
  postmark = await startPostmarkFake();
  credentials = { kind: "api", provider: "postmark", apiKey: postmark.token, webhookSecret: WEBHOOK_PASSWORD };
});
afterAll(() => postmark?.close());

const endpoint = () => ({ baseUrl: postmark.url });
const basic = (password: string) => ({ authorization: `Basic ${Buffer.from(`herald:${password}`).toString("base64")}` });
const webhook = (body: unknown, headers: Record<string, string> = basic(WEBHOOK_PASSWORD)) => ({ rawBody: JSON.stringify(body), headers, url: "https://herald.test/api/providers/mail/postmark/tok" });

describe("sending", () => {
  it("sends with Herald's Message-ID in Headers and Metadata, Postmark's tracking off, and keeps Postmark's MessageID", async () => {
    const sent = await transport.send(credentials, endpoint(), email);
    const got = postmark.sent.at(-1)!;
    expect(sent.providerMessageId).toBe(got.MessageID);
    expect(got.From).toBe('"Rep \\"The Closer\\"" <rep@sender.example>');
    expect(got.To).toBe("ann@prospect.test");
    expect(got.Headers).toEqual([
      { Name: "Message-ID", Value: "<m1.pm@sender.example>" },
      { Name: "List-Unsubscribe", Value: "<https://herald.test/u/abc>" },
    ]);
    expect(got.Metadata).toEqual({ heraldMessageId: "<m1.pm@sender.example>" });
    expect(got).toMatchObject({ MessageStream: "outbound", TrackOpens: false, TrackLinks: "None", TextBody: "Hi Ann" });
    expect(got.HtmlBody).toBeUndefined();
  });

  it("finds a sent e-mail again by its Message-ID (outbound search on Metadata), and not an unknown one", async () => {
    expect(await transport.findSent(credentials, endpoint(), "<m1.pm@sender.example>", new Date(0))).toBe(true);
    expect(await transport.findSent(credentials, endpoint(), "<never@sender.example>", new Date(0))).toBe(false);
    const search = postmark.requests.filter((request) => request.path === "/messages/outbound").at(-1)!;
    expect(search.query.get("metadata_heraldMessageId")).toBe("<never@sender.example>");
  });

  it("maps Postmark's error codes: 10 bad token (the key's field), 406 inactive recipient, 300 invalid, a 5xx unknown", async () => {
    await expect(transport.verify({ ...credentials, apiKey: "wrong" }, endpoint())).rejects.toMatchObject({ code: "auth-failed", field: "apiKey" });
    await expect(transport.verify(credentials, endpoint())).resolves.toBeUndefined();
    postmark.failWith({ status: 422, ErrorCode: 406, Message: "You tried to send to recipient(s) that have been marked as inactive." });
    await expect(transport.send(credentials, endpoint(), email)).rejects.toMatchObject({ code: "recipient-refused", retryable: false });
    postmark.failWith({ status: 422, ErrorCode: 300, Message: "Invalid 'To' address: 'ann'." });
    await expect(transport.send(credentials, endpoint(), email)).rejects.toMatchObject({ code: "recipient-refused" });
    postmark.failWith({ status: 422, ErrorCode: 400, Message: "The 'From' address you supplied is not a Sender Signature on your account." });
    await expect(transport.send(credentials, endpoint(), email)).rejects.toMatchObject({ code: "sending-refused", field: "email" });
    postmark.failWith({ status: 500, ErrorCode: 0, Message: "Internal server error" });
    await expect(transport.send(credentials, endpoint(), email)).rejects.toMatchObject({ code: "timeout" });
    postmark.failWith(null);
  });
});

describe("webhooks", () => {
  it("takes only requests with the mailbox's basic-auth password", async () => {
    const sent = postmark.sent[0]!;
    await expect(transport.readWebhook(credentials, webhook(postmarkBounce(sent), basic("wrong-password")))).rejects.toBeInstanceOf(ApiWebhookRefused);
    await expect(transport.readWebhook(credentials, webhook(postmarkBounce(sent), {}))).rejects.toBeInstanceOf(ApiWebhookRefused);
    await expect(transport.readWebhook({ ...credentials, webhookSecret: null }, webhook(postmarkBounce(sent)))).rejects.toBeInstanceOf(ApiWebhookRefused);
  });

  it("reads bounces, complaints and inbound replies in Herald's words", async () => {
    const sent = postmark.sent[0]!;
    expect(await transport.readWebhook(credentials, webhook(postmarkBounce(sent, "HardBounce", 42)))).toEqual({
      kind: "events",
      events: [expect.objectContaining({ kind: "bounce-hard", eventId: "Bounce:42", messageId: "<m1.pm@sender.example>", providerMessageId: sent.MessageID, recipient: "ann@prospect.test" })],
    });
    expect(await transport.readWebhook(credentials, webhook(postmarkBounce(sent, "SoftBounce")))).toMatchObject({ events: [{ kind: "bounce-soft" }] });
    expect(await transport.readWebhook(credentials, webhook(postmarkComplaint(sent, 43)))).toMatchObject({ events: [{ kind: "complaint", eventId: "SpamComplaint:43" }] });
    const reply = await transport.readWebhook(credentials, webhook(postmarkInbound({ from: "ann@prospect.test", to: "rep@sender.example", subject: "Re: Quick question", text: "Sounds good", inReplyTo: "<m1.pm@sender.example>" })));
    expect(reply).toMatchObject({ kind: "inbound", message: { inReplyTo: "<m1.pm@sender.example>", references: ["<m1.pm@sender.example>"], from: { address: "ann@prospect.test" }, text: "Sounds good" } });
    expect(reply.kind === "inbound" && reply.message.raw).toMatch(/^In-Reply-To: <m1\.pm@sender\.example>$/m);
  });
});
