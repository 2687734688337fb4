// Forged provider webhooks on the real database, through the route: a Mailgun signature (which
// covers its timestamp and token, not the body) is taken once, so a captured one cannot carry a
// forged complaint or reply; Mailgun's unsubscribe lists the address the e-mail went to, whatever
// the event names; and a delivery report posted to SendGrid's Inbound Parse address (vouched for by
// nothing but the address's token) is kept without effect, while a reply there is taken in.
// The campaign e-mail goes out through the recording provider; the mailbox then speaks to Mailgun
// or SendGrid, whose webhooks are built here in their documented shapes (no API is called).
import { createHmac, randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { POST as webhookRoute } from "@/app/api/providers/mail/[provider]/[token]/route";
import { db } from "@/server/db/client";
import { now, setClock, systemClock } from "@/server/lib/clock";
import { bounceMessage, complaintMessage } from "@/server/providers/mail/sandbox/report-messages";
import type { ApiMailCredentials } from "@/server/providers/mail/api/types";
import { leadByEmail, recordingMailProvider, setupEmailCampaign, THREE_EMAILS } from "@/server/test/email-campaign";
import { takeMailboxTurn } from "../../campaigns/executor/take-mailbox-turn";
import { UNTRUSTED_REPORT, UNTRUSTED_UNSUBSCRIBE } from "../inbound/record-incoming-email";
import { saveAddressVerifications } from "../../verification/save-address-verifications";
import { encryptMailCredentials } from "../mailboxes/mailbox-columns";

const SIGNING_KEY = "key-mailgun-webhook-signing-0000";
const ANN = "ann@prospect.example";

afterEach(() => setClock(systemClock));

/** Ann's first e-mail sent, then the mailbox connected to the provider's API with a webhook address. */
async function sentThenConnected(provider: "mailgun" | "sendgrid") {
  recordingMailProvider();
  const setup = await setupEmailCampaign({ sequence: THREE_EMAILS, leads: [{ email: ANN, firstName: "Ann" }] });
  await saveAddressVerifications(setup.workspace.id, [{ address: ANN, status: "valid", check: "deliverable-domain", reason: "prospect.example has mail servers (MX)" }], now());
  expect(await takeMailboxTurn(setup.mailboxIds[0]!, now())).toBe(true);
  const email = await db.emailMessage.findFirstOrThrow({ where: { campaignId: setup.campaign.id, direction: "outbound" } });
  const credentials: ApiMailCredentials =
    provider === "mailgun"
      ? { kind: "api", provider, apiKey: "key-test", domain: "sender.example", region: "us", webhookSecret: SIGNING_KEY }
      : { kind: "api", provider, apiKey: "SG.test", webhookSecret: null };
  const token = randomBytes(24).toString("base64url");
  const mailbox = await db.mailbox.update({
    where: { id: setup.mailboxIds[0]! },
    data: { provider, authType: "api", credentialsEncrypted: encryptMailCredentials(credentials), webhookToken: token },
  });
  return { ...setup, email, mailbox, token };
}

async function post(provider: string, token: string, body: BodyInit, headers: Record<string, string> = {}) {
  const response = await webhookRoute(new Request(`http://herald.test/api/providers/mail/${provider}/${token}`, { method: "POST", headers, body }), {
    params: Promise.resolve({ provider, token }),
  });
  return { status: response.status, body: (await response.json()) as { outcomes?: string[]; error?: { message: string } } };
}

/** Mailgun's signature ("Securing Webhooks"): hex HMAC-SHA256 of timestamp + token. */
function mailgunSignature(token = randomBytes(25).toString("hex")) {
  const timestamp = String(Math.floor(now().getTime() / 1000));
  return { timestamp, token, signature: createHmac("sha256", SIGNING_KEY).update(timestamp + token).digest("hex") };
}

/** A tracking webhook in the shape of Mailgun's "Webhook Payloads". */
function mailgunEvent(signature: ReturnType<typeof mailgunSignature>, event: string, messageId: string, extra: Record<string, unknown> = {}) {
  const eventData = {
    id: randomBytes(11).toString("base64url"),
    timestamp: now().getTime() / 1000,
    event,
    recipient: ANN,
    message: { headers: { "message-id": messageId.replace(/^<|>$/g, ""), to: ANN } },
    "user-variables": { "herald-message-id": messageId },
    ...extra,
  };
  return JSON.stringify({ signature, "event-data": eventData });
}

async function listed(workspaceId: string) {
  const entries = await db.doNotContactEntry.findMany({ where: { workspaceId, kind: "email" }, select: { value: true, reason: true } });
  return entries.map((entry) => [entry.value, entry.reason]);
}

describe("Mailgun", () => {
  const json = { "content-type": "application/json" };

  it("takes a signature once: a captured one cannot carry a forged complaint or reply", async () => {
    const { campaign, email, token, workspace } = await sentThenConnected("mailgun");
    const seen = mailgunSignature();
    expect(await post("mailgun", token, mailgunEvent(seen, "delivered", email.messageId), json)).toMatchObject({ status: 200, body: { outcomes: ["ignored"] } });
    // The same signature with other contents (a new event id): refused, nothing changes.
    const forged = await post("mailgun", token, mailgunEvent(seen, "complained", email.messageId), json);
    expect(forged.status).toBe(401);
    expect(forged.body.error?.message).toMatch(/received before/);
    const reply = new URLSearchParams({ "body-mime": `From: ${ANN}\r\nTo: rep0@sender.example\r\nSubject: Re: hi\r\nMessage-ID: <forged@prospect.example>\r\nIn-Reply-To: ${email.messageId}\r\n\r\nStop.`, ...seen });
    expect((await post("mailgun", token, reply.toString(), { "content-type": "application/x-www-form-urlencoded" })).status).toBe(401);
    expect(await leadByEmail(campaign.id, ANN)).toMatchObject({ status: "running" });
    expect(await listed(workspace.id)).toEqual([]);
    expect(await db.emailMessage.count({ where: { campaignId: campaign.id, direction: "inbound" } })).toBe(0);
    // A genuine complaint comes with a token of its own.
    expect(await post("mailgun", token, mailgunEvent(mailgunSignature(), "complained", email.messageId), json)).toMatchObject({ status: 200, body: { outcomes: ["complaint"] } });
    expect(await listed(workspace.id)).toEqual([[ANN, "complaint"]]);
  });

  it("an unsubscribe lists the address the e-mail went to, not the one the event names", async () => {
    const { email, token, workspace } = await sentThenConnected("mailgun");
    const body = mailgunEvent(mailgunSignature(), "unsubscribed", email.messageId, { recipient: "someone-else@victim.example" });
    expect(await post("mailgun", token, body, json)).toMatchObject({ status: 200, body: { outcomes: ["unsubscribe"] } });
    expect(await listed(workspace.id)).toEqual([[ANN, "unsubscribed"]]);
  });
});

describe("SendGrid Inbound Parse", () => {
  /** Inbound Parse's multipart form with "POST the raw, full MIME message" on. */
  function parsePost(raw: string) {
    const form = new FormData();
    form.set("to", "rep0@sender.example");
    form.set("from", ANN);
    form.set("email", raw);
    return form;
  }

  it("keeps a bounce report without effect (only the address's token vouches for it), and takes a reply in", async () => {
    const { campaign, email, mailbox, token, workspace } = await sentThenConnected("sendgrid");
    const original = { fromAddress: mailbox.email, toAddress: ANN, messageId: email.messageId, subject: email.subject, text: email.text, sentAt: now(), headers: { "message-id": email.messageId, to: ANN, from: mailbox.email, subject: email.subject } };
    const bounce = bounceMessage(original, { kind: "hard", at: now() });
    expect(await post("sendgrid", token, parsePost(bounce.raw))).toMatchObject({ status: 200, body: { outcomes: ["skipped"] } });
    expect(await post("sendgrid", token, parsePost(complaintMessage(original, { at: now() }).raw))).toMatchObject({ status: 200, body: { outcomes: ["skipped"] } });
    const kept = await db.emailMessage.findMany({ where: { mailboxId: mailbox.id, direction: "inbound" } });
    expect(kept).toMatchObject([
      { kind: "unmatched", skipReason: UNTRUSTED_REPORT },
      { kind: "unmatched", skipReason: UNTRUSTED_REPORT },
    ]);
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ bouncedCount: 0, complainedCount: 0 });
    expect(await db.emailMessage.findUniqueOrThrow({ where: { id: email.id } })).toMatchObject({ status: "sent", bouncedAt: null });
    expect(await leadByEmail(campaign.id, ANN)).toMatchObject({ status: "running" });
    expect(await db.deadEmailAddress.count({ where: { workspaceId: workspace.id } })).toBe(0);
    expect(await listed(workspace.id)).toEqual([]);
    // An unsubscribe request in Ann's name (the mailto: of List-Unsubscribe) opts nobody out on this path.
    const unsubscribe = [`From: Ann <${ANN}>`, `To: ${mailbox.email}`, "Subject: unsubscribe", "Message-ID: <unsub-1@prospect.example>", "", "unsubscribe"].join("\r\n");
    expect(await post("sendgrid", token, parsePost(unsubscribe))).toMatchObject({ status: 200, body: { outcomes: ["skipped"] } });
    expect(await db.emailMessage.findFirstOrThrow({ where: { mailboxId: mailbox.id, messageId: "<unsub-1@prospect.example>" } })).toMatchObject({ skipReason: UNTRUSTED_UNSUBSCRIBE });
    expect(await db.lead.count({ where: { workspaceId: workspace.id, emailOptOut: true } })).toBe(0);
    expect(await listed(workspace.id)).toEqual([]);
    const reply = [`From: Ann <${ANN}>`, `To: ${mailbox.email}`, "Subject: Re: Quick question, Ann", "Message-ID: <reply-1@prospect.example>", `In-Reply-To: ${email.messageId}`, "", "Tuesday works."].join("\r\n");
    expect(await post("sendgrid", token, parsePost(reply))).toMatchObject({ status: 200, body: { outcomes: ["reply"] } });
    expect(await leadByEmail(campaign.id, ANN)).toMatchObject({ status: "replied" });
  });
});
