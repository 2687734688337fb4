// E-mail API mailboxes end to end on the real database, with SendGrid and Mailgun as loopback
// stand-ins answering in their documented shapes (server/test/fakes/sendgrid-fake.ts,
// mailgun-fake.ts): a campaign e-mail goes out through the real executor and the provider's API; the
// provider's webhook, posted through the route and signed as the provider signs (SendGrid: ECDSA
// P-256 with a key pair made here; Mailgun: HMAC with the signing key), feeds a hard bounce and a
// spam complaint into the same rules as reports read from a mailbox; a redelivered event is taken
// once; a forged, tampered or stale one is refused and changes nothing; an inbound reply (SendGrid's
// Inbound Parse, a Mailgun route forwarding to the mime address) lands in the inbox as a reply; and
// a send whose answer was lost is reconciled: found again in Mailgun's Events API and SendGrid's
// Email Activity API (not sent twice), unknown without that add-on (counted as sent, with the note).
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as mimeRoute } from "@/app/api/providers/mail/[provider]/[token]/mime/route";
import { POST as webhookRoute } from "@/app/api/providers/mail/[provider]/[token]/route";
import { db } from "@/server/db/client";
import { resetEnv } from "@/server/env";
import { now, setClock, systemClock } from "@/server/lib/clock";
import type { ApiMailCredentials } from "@/server/providers/mail/api/types";
import { HOUR, leadByEmail, setupEmailCampaign, START, THREE_EMAILS } from "@/server/test/email-campaign";
import { mailgunEventData, mailgunRouteForm, mailgunSignature, mailgunToken, mailgunWebhookBody, startMailgunFake, type MailgunFake } from "@/server/test/fakes/mailgun-fake";
import { sendgridEvent, sendgridInboundParse, sendgridKeyPair, sendgridSignedHeaders, startSendgridFake, type SendgridFake } from "@/server/test/fakes/sendgrid-fake";
import { SENT_UNCERTAIN } from "../../campaigns/executor/reconcile-interrupted-emails";
import { takeMailboxTurn } from "../../campaigns/executor/take-mailbox-turn";
import { saveAddressVerifications } from "../../verification/save-address-verifications";
import { mailProviderWebhookUrl } from "../mailboxes/mail-provider-webhook-url";
import { encryptMailCredentials } from "../mailboxes/mailbox-columns";

let sendgrid: SendgridFake;
let mailgun: MailgunFake;
const sendgridKeys = sendgridKeyPair();
const MAILGUN_SIGNING_KEY = "mailgun-signing-key-0123456789abcdef";
const ANN = "ann@prospect.example";

beforeAll(async () => {
  // The stand-ins keep Herald's clock, so the times they report line up with the campaign's.
  [sendgrid, mailgun] = await Promise.all([startSendgridFake({ now }), startMailgunFake({ now })]);
  process.env.HERALD_SENDGRID_API_URL = sendgrid.url;
  process.env.HERALD_MAILGUN_API_URL = mailgun.url;
  resetEnv();
});
afterEach(() => {
  setClock(systemClock);
  sendgrid.loseAnswers(null);
  sendgrid.activityApi(true);
  mailgun.loseAnswers(null);
});
afterAll(async () => {
  await Promise.all([sendgrid?.close(), mailgun?.close()]);
});

/** An e-mail campaign to Ann from one mailbox that sends through the provider's API. */
async function apiCampaign(provider: "sendgrid" | "mailgun") {
  const setup = await setupEmailCampaign({ sequence: THREE_EMAILS, leads: [{ email: ANN, firstName: "Ann" }] });
  const credentials: ApiMailCredentials =
    provider === "sendgrid"
      ? { kind: "api", provider, apiKey: sendgrid.apiKey, webhookSecret: sendgridKeys.publicKey }
      : { kind: "api", provider, apiKey: mailgun.apiKey, domain: mailgun.domain, region: "eu", webhookSecret: MAILGUN_SIGNING_KEY };
  // The address checked out when it was added (its made-up domain has no DNS here: a real mailbox checks it first).
  await saveAddressVerifications(setup.workspace.id, [{ address: ANN, status: "valid", check: "deliverable-domain", reason: "prospect.example has mail servers (MX)" }], now());
  const token = randomBytes(24).toString("base64url");
  const mailbox = await db.mailbox.update({
    where: { id: setup.mailboxIds[0]! },
    data: { provider, authType: "api", credentialsEncrypted: encryptMailCredentials(credentials), webhookToken: token },
  });
  return { ...setup, mailbox, token };
}

/** Posts to the mailbox's webhook address as the provider would: the raw body, as given, through the route. */
async function post(provider: string, token: string, rawBody: string, headers: Record<string, string>, options: { mime?: boolean } = {}) {
  const route = options.mime ? mimeRoute : webhookRoute;
  const response = await route(new Request(`http://herald.test/api/providers/mail/${provider}/${token}${options.mime ? "/mime" : ""}`, { method: "POST", headers, body: rawBody }), {
    params: Promise.resolve({ provider, token }),
  });
  return { status: response.status, body: (await response.json()) as { outcomes?: string[]; error?: { code: string } } };
}

const nowSeconds = () => String(Math.floor(now().getTime() / 1000));

async function deadAndListed(workspaceId: string, address: string) {
  const [dead, listed] = await Promise.all([
    db.deadEmailAddress.count({ where: { workspaceId, address } }),
    db.doNotContactEntry.findMany({ where: { workspaceId, kind: "email", value: address }, select: { reason: true } }),
  ]);
  return { dead, listed: listed.map((entry) => entry.reason) };
}

/** A reply from Ann to the campaign e-mail, as its raw MIME message. */
function replyTo(messageId: string, mailboxEmail: string): string {
  return [
    "From: Ann <ann@prospect.example>",
    `To: ${mailboxEmail}`,
    "Subject: Re: Quick question, Ann",
    `Message-ID: <reply-${randomBytes(4).toString("hex")}@prospect.example>`,
    `In-Reply-To: ${messageId}`,
    `References: ${messageId}`,
    "Date: Mon, 02 Mar 2026 09:30:00 +0100",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Yes, let's talk on Tuesday.",
    "",
  ].join("\r\n");
}

describe("SendGrid", () => {
  const signedEvents = (events: unknown[], timestamp = nowSeconds(), privateKey = sendgridKeys.privateKey) => {
    const rawBody = JSON.stringify(events);
    return { rawBody, headers: sendgridSignedHeaders(rawBody, timestamp, privateKey) };
  };

  it("sends through SendGrid, and a signed hard bounce fails the lead, kills the address and counts once; a forged one changes nothing", async () => {
    const { campaign, clock, mailbox, token, workspace } = await apiCampaign("sendgrid");
    expect(await takeMailboxTurn(mailbox.id, now())).toBe(true);
    const sent = sendgrid.sent.at(-1)!;
    const email = await db.emailMessage.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect(email).toMatchObject({ status: "sent", providerMessageId: sent.xMessageId });
    expect(sent).toMatchObject({ to: ANN, from: { email: mailbox.email }, subject: "Quick question, Ann" });
    expect(sent.headers["Message-ID"]).toBe(email.messageId);
    expect(sent.customArgs).toEqual({ herald_message_id: email.messageId });

    const bounce = signedEvents([sendgridEvent(sent, "bounce", now())]);
    // Forged: the body changed after signing, another key's signature, a signature 11 minutes old.
    const refused = [
      { rawBody: bounce.rawBody.replace('"bounce"', '"delivered"'), headers: bounce.headers },
      signedEvents([sendgridEvent(sent, "bounce", now())], nowSeconds(), sendgridKeyPair().privateKey),
      signedEvents([sendgridEvent(sent, "bounce", now())], String(Math.floor(now().getTime() / 1000) - 11 * 60)),
      { rawBody: bounce.rawBody, headers: { "content-type": "application/json" } },
    ];
    for (const forged of refused) expect((await post("sendgrid", token, forged.rawBody, forged.headers)).status).toBe(401);
    expect(await db.emailMessage.findUniqueOrThrow({ where: { id: email.id } })).toMatchObject({ status: "sent", bouncedAt: null });
    expect(await db.mailProviderEvent.count({ where: { mailboxId: mailbox.id } })).toBe(0);

    expect(await post("sendgrid", token, bounce.rawBody, bounce.headers)).toMatchObject({ status: 200, body: { outcomes: ["bounce"] } });
    expect(await db.emailMessage.findUniqueOrThrow({ where: { id: email.id } })).toMatchObject({ status: "bounced", bounceKind: "hard", bounceStatus: "5.1.1" });
    expect(await leadByEmail(campaign.id, ANN)).toMatchObject({ status: "failed" });
    expect(await deadAndListed(workspace.id, ANN)).toEqual({ dead: 1, listed: ["bounce"] });
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ bouncedCount: 1 });

    // SendGrid retries the same event (signed anew, a minute later): taken once.
    clock.advance(60_000);
    const again = signedEvents(JSON.parse(bounce.rawBody) as unknown[]);
    expect(await post("sendgrid", token, again.rawBody, again.headers)).toMatchObject({ status: 200, body: { outcomes: ["duplicate"] } });
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ bouncedCount: 1 });
    expect(await db.mailProviderEvent.count({ where: { mailboxId: mailbox.id } })).toBe(1);
  });

  it("an event about another mailbox of the same account is applied to that mailbox's e-mail, once, and never across workspaces", async () => {
    const { campaign, mailbox, token, workspace } = await apiCampaign("sendgrid");
    expect(await takeMailboxTurn(mailbox.id, now())).toBe(true);
    const sent = sendgrid.sent.at(-1)!;
    // A second mailbox of the workspace on the same SendGrid account (same key): SendGrid posts every
    // event of the account to each Event Webhook, so the bounce of the first mailbox's e-mail reaches both.
    const sibling = await db.mailbox.create({
      data: { workspaceId: workspace.id, label: "Second", email: "second@acme.example", provider: "sendgrid", authType: "api", connectedVia: "api", credentialsEncrypted: mailbox.credentialsEncrypted, webhookToken: randomBytes(24).toString("base64url"), createdAt: now(), updatedAt: now() },
    });
    // Another workspace's mailbox with the very same key and webhook key matches nothing of this workspace.
    const other = await apiCampaign("sendgrid");
    const bounce = signedEvents([sendgridEvent(sent, "bounce", now())]);
    expect(await post("sendgrid", other.token, bounce.rawBody, bounce.headers)).toMatchObject({ status: 200, body: { outcomes: ["unmatched"] } });
    expect(await post("sendgrid", sibling.webhookToken!, bounce.rawBody, bounce.headers)).toMatchObject({ status: 200, body: { outcomes: ["bounce"] } });
    expect(await post("sendgrid", token, bounce.rawBody, bounce.headers)).toMatchObject({ status: 200, body: { outcomes: ["duplicate"] } });
    expect(await leadByEmail(campaign.id, ANN)).toMatchObject({ status: "failed" });
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ bouncedCount: 1 });
  });

  it("a spam report stops the lead, lists the address and counts the complaint", async () => {
    const { campaign, mailbox, token, workspace } = await apiCampaign("sendgrid");
    expect(await takeMailboxTurn(mailbox.id, now())).toBe(true);
    const sent = sendgrid.sent.at(-1)!;
    // A delivery, then the spam report, in one post.
    const { rawBody, headers } = signedEvents([sendgridEvent(sent, "delivered", now()), sendgridEvent(sent, "spamreport", now())]);
    expect(await post("sendgrid", token, rawBody, headers)).toMatchObject({ status: 200, body: { outcomes: ["ignored", "complaint"] } });
    expect(await leadByEmail(campaign.id, ANN)).toMatchObject({ status: "stopped" });
    expect((await deadAndListed(workspace.id, ANN)).listed).toEqual(["complaint"]);
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ complainedCount: 1 });
  });

  it("a reply posted by Inbound Parse (the raw MIME message) becomes the lead's reply in the inbox, once", async () => {
    const { campaign, mailbox, token } = await apiCampaign("sendgrid");
    expect(await takeMailboxTurn(mailbox.id, now())).toBe(true);
    const email = await db.emailMessage.findFirstOrThrow({ where: { campaignId: campaign.id } });
    const { rawBody, contentType } = sendgridInboundParse({ raw: replyTo(email.messageId, mailbox.email), from: "Ann <ann@prospect.example>", to: mailbox.email, subject: "Re: Quick question, Ann" });
    expect(await post("sendgrid", token, rawBody, { "content-type": contentType })).toMatchObject({ status: 200, body: { outcomes: ["reply"] } });
    const stored = await db.emailMessage.findFirstOrThrow({ where: { mailboxId: mailbox.id, direction: "inbound" } });
    expect(stored).toMatchObject({ kind: "reply", campaignLeadId: email.campaignLeadId, threadRootId: email.threadRootId, text: expect.stringContaining("Tuesday") });
    expect(await leadByEmail(campaign.id, ANN)).toMatchObject({ status: "replied" });
    // Inbound Parse posts again (it retries what it thinks failed): still one reply.
    expect((await post("sendgrid", token, rawBody, { "content-type": contentType })).status).toBe(200);
    expect(await db.emailMessage.count({ where: { mailboxId: mailbox.id, direction: "inbound" } })).toBe(1);
  });

  for (const how of ["500", "drop"] as const) {
    it(`a send whose answer was lost (${how === "500" ? "a 500" : "the connection closed"}) is found in the Email Activity API and not sent twice`, async () => {
      const { campaign, mailbox, clock, token } = await apiCampaign("sendgrid");
      const before = sendgrid.sent.length;
      sendgrid.loseAnswers(how);
      await takeMailboxTurn(mailbox.id, now());
      sendgrid.loseAnswers(null);
      expect(await db.emailMessage.findFirstOrThrow({ where: { campaignId: campaign.id } })).toMatchObject({ status: "sending" });

      clock.set(new Date(Date.parse(START) + HOUR));
      await takeMailboxTurn(mailbox.id, now());
      expect(sendgrid.sent.length - before).toBe(1);
      expect(sendgrid.requests.filter((request) => request.path === "/v3/messages").at(-1)!.query.get("query")).toContain(sendgrid.sent.at(-1)!.customArgs.herald_message_id);
      expect(await db.emailMessage.findMany({ where: { campaignId: campaign.id } })).toMatchObject([{ status: "sent" }]);
      expect((await leadByEmail(campaign.id, ANN)).journal.map((entry) => [entry.stepId, entry.status, entry.detail])).toEqual([["first", "done", null]]);

      // The lost answer carried SendGrid's id; its events still find the e-mail by Herald's custom argument.
      const { rawBody, headers } = signedEvents([sendgridEvent(sendgrid.sent.at(-1)!, "bounce", now())]);
      expect(await post("sendgrid", token, rawBody, headers)).toMatchObject({ status: 200, body: { outcomes: ["bounce"] } });
    });
  }

  it("without the Email Activity add-on (403) a lost answer cannot be looked up: it counts as sent, with the note, never twice", async () => {
    const { campaign, mailbox, clock } = await apiCampaign("sendgrid");
    sendgrid.activityApi(false);
    const before = sendgrid.sent.length;
    sendgrid.loseAnswers("500");
    await takeMailboxTurn(mailbox.id, now());
    sendgrid.loseAnswers(null);
    clock.set(new Date(Date.parse(START) + HOUR));
    await takeMailboxTurn(mailbox.id, now());
    expect(sendgrid.sent.length - before).toBe(1);
    expect(await db.emailMessage.findMany({ where: { campaignId: campaign.id } })).toMatchObject([{ status: "sent" }]);
    expect((await leadByEmail(campaign.id, ANN)).journal.map((entry) => [entry.stepId, entry.status, entry.detail])).toEqual([["first", "done", SENT_UNCERTAIN]]);
  });
});

describe("Mailgun", () => {
  const signedEvent = (data: Record<string, unknown>, timestamp = nowSeconds(), key = MAILGUN_SIGNING_KEY) => JSON.stringify(mailgunWebhookBody(data, mailgunSignature(timestamp, mailgunToken(), key)));
  const json = { "content-type": "application/json" };

  it("shows a webhook address ending in mime, as Mailgun's routes need to post the raw message", async () => {
    const { mailbox } = await apiCampaign("mailgun");
    expect(mailProviderWebhookUrl(mailbox)).toMatch(new RegExp(`/api/providers/mail/mailgun/${mailbox.webhookToken}/mime$`));
  });

  it("sends through Mailgun, and a signed permanent failure fails the lead, kills the address and counts once; a forged one changes nothing", async () => {
    const { campaign, mailbox, token, workspace } = await apiCampaign("mailgun");
    expect(await takeMailboxTurn(mailbox.id, now())).toBe(true);
    const sent = mailgun.sent.at(-1)!;
    const email = await db.emailMessage.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect(sent.fields["h:Message-Id"]).toBe(email.messageId);
    expect(sent.variables).toEqual({ "herald-message-id": email.messageId });
    expect(sent.fields).toMatchObject({ to: `"Ann" <${ANN}>`, subject: "Quick question, Ann" });
    expect(email).toMatchObject({ status: "sent", providerMessageId: sent.id });

    const failed = mailgunEventData(sent, "failed", now());
    const body = signedEvent(failed);
    const signature = mailgunSignature(nowSeconds(), mailgunToken(), MAILGUN_SIGNING_KEY);
    // Mailgun signs timestamp + token, not the event: a tampered signature block (another token or
    // time under the same signature), another key's signature, one 11 minutes old, none at all.
    const refused = [
      JSON.stringify(mailgunWebhookBody(failed, { ...signature, token: mailgunToken() })),
      JSON.stringify(mailgunWebhookBody(failed, { ...signature, timestamp: String(Number(signature.timestamp) - 1) })),
      signedEvent(failed, nowSeconds(), "another-signing-key"),
      signedEvent(failed, String(Math.floor(now().getTime() / 1000) - 11 * 60)),
      JSON.stringify({ "event-data": failed }),
    ];
    for (const forged of refused) expect((await post("mailgun", token, forged, json)).status).toBe(401);
    expect(await db.emailMessage.findUniqueOrThrow({ where: { id: email.id } })).toMatchObject({ status: "sent", bouncedAt: null });
    expect(await db.mailProviderEvent.count({ where: { mailboxId: mailbox.id, kind: { not: "signature-token" } } })).toBe(0);

    expect(await post("mailgun", token, body, json)).toMatchObject({ status: 200, body: { outcomes: ["bounce"] } });
    expect(await db.emailMessage.findUniqueOrThrow({ where: { id: email.id } })).toMatchObject({ status: "bounced", bounceKind: "hard", bounceStatus: "5.1.1" });
    expect(await leadByEmail(campaign.id, ANN)).toMatchObject({ status: "failed" });
    expect(await deadAndListed(workspace.id, ANN)).toEqual({ dead: 1, listed: ["bounce"] });
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ bouncedCount: 1 });

    // Mailgun posts the same event again (a new signature each time): taken once.
    expect(await post("mailgun", token, signedEvent(failed), json)).toMatchObject({ status: 200, body: { outcomes: ["duplicate"] } });
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ bouncedCount: 1 });
    // Each signature's token is kept too (refused if it comes again): one per accepted post.
    expect(await db.mailProviderEvent.count({ where: { mailboxId: mailbox.id, kind: "signature-token" } })).toBe(2);
    expect(await db.mailProviderEvent.count({ where: { mailboxId: mailbox.id, kind: { not: "signature-token" } } })).toBe(1);
  });

  it("a complaint stops the lead, lists the address and counts the complaint", async () => {
    const { campaign, mailbox, token, workspace } = await apiCampaign("mailgun");
    expect(await takeMailboxTurn(mailbox.id, now())).toBe(true);
    const sent = mailgun.sent.at(-1)!;
    // Through the mime address too: Herald shows one address for both.
    expect(await post("mailgun", token, signedEvent(mailgunEventData(sent, "complained", now())), json, { mime: true })).toMatchObject({ status: 200, body: { outcomes: ["complaint"] } });
    expect(await leadByEmail(campaign.id, ANN)).toMatchObject({ status: "stopped" });
    expect((await deadAndListed(workspace.id, ANN)).listed).toEqual(["complaint"]);
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ complainedCount: 1 });
  });

  it("a reply a route forwards to the mime address (body-mime, signed) becomes the lead's reply; a forged one is refused", async () => {
    const { campaign, mailbox, token } = await apiCampaign("mailgun");
    expect(await takeMailboxTurn(mailbox.id, now())).toBe(true);
    const email = await db.emailMessage.findFirstOrThrow({ where: { campaignId: campaign.id } });
    const raw = replyTo(email.messageId, mailbox.email);
    const form = (key: string) => mailgunRouteForm({ raw, recipient: mailbox.email, from: "Ann <ann@prospect.example>", subject: "Re: Quick question, Ann", signature: mailgunSignature(nowSeconds(), mailgunToken(), key) });

    const forged = form("another-signing-key");
    expect((await post("mailgun", token, forged.rawBody, { "content-type": forged.contentType }, { mime: true })).status).toBe(401);
    expect(await db.emailMessage.count({ where: { mailboxId: mailbox.id, direction: "inbound" } })).toBe(0);

    const { rawBody, contentType } = form(MAILGUN_SIGNING_KEY);
    expect(await post("mailgun", token, rawBody, { "content-type": contentType }, { mime: true })).toMatchObject({ status: 200, body: { outcomes: ["reply"] } });
    const stored = await db.emailMessage.findFirstOrThrow({ where: { mailboxId: mailbox.id, direction: "inbound" } });
    expect(stored).toMatchObject({ kind: "reply", campaignLeadId: email.campaignLeadId, threadRootId: email.threadRootId, text: expect.stringContaining("Tuesday") });
    expect(await leadByEmail(campaign.id, ANN)).toMatchObject({ status: "replied" });
  });

  for (const how of ["500", "drop"] as const) {
    it(`a send whose answer was lost (${how === "500" ? "a 500" : "the connection closed"}) is found in the Events API and not sent twice`, async () => {
      const { campaign, mailbox, clock, token } = await apiCampaign("mailgun");
      const before = mailgun.sent.length;
      mailgun.loseAnswers(how);
      await takeMailboxTurn(mailbox.id, now());
      mailgun.loseAnswers(null);
      expect(await db.emailMessage.findFirstOrThrow({ where: { campaignId: campaign.id } })).toMatchObject({ status: "sending" });

      clock.set(new Date(Date.parse(START) + HOUR));
      await takeMailboxTurn(mailbox.id, now());
      expect(mailgun.sent.length - before).toBe(1);
      const lookup = mailgun.requests.filter((request) => request.path.endsWith("/events")).at(-1)!;
      expect(lookup.query.get("message-id")).toBe(mailgun.sent.at(-1)!.id.replace(/^<|>$/g, ""));
      expect(await db.emailMessage.findMany({ where: { campaignId: campaign.id } })).toMatchObject([{ status: "sent" }]);
      expect((await leadByEmail(campaign.id, ANN)).journal.map((entry) => [entry.stepId, entry.status, entry.detail])).toEqual([["first", "done", null]]);

      // The lost answer carried Mailgun's id; its events still find the e-mail by Herald's variable and Message-ID.
      expect(await post("mailgun", token, signedEvent(mailgunEventData(mailgun.sent.at(-1)!, "failed", now())), json)).toMatchObject({ status: 200, body: { outcomes: ["bounce"] } });
    });
  }
});
