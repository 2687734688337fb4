// E-mail API mailboxes end to end on the real database, with Postmark and Amazon SES (and its SNS
// topic) as loopback stand-ins answering in their documented shapes: a campaign e-mail goes out
// through the provider's API, the provider's webhook (through the route) feeds a hard bounce and a
// complaint into the same rules as reports read from a mailbox, a redelivered event is taken once,
// a forged one is refused, an inbound reply lands in the inbox as a reply, and a send whose answer
// was lost is reconciled: found again at Postmark (not sent twice), unknown at SES (counted as sent).
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as webhookRoute } from "@/app/api/providers/mail/[provider]/[token]/route";
import { db } from "@/server/db/client";
import { resetEnv } from "@/server/env";
import { now, setClock, systemClock } from "@/server/lib/clock";
import { setApiMailTransport } from "@/server/providers/mail/api/transports";
import type { ApiMailCredentials } from "@/server/providers/mail/api/types";
import { HOUR, leadByEmail, setupEmailCampaign, START, THREE_EMAILS } from "@/server/test/email-campaign";
import { postmarkBounce, postmarkComplaint, postmarkInbound, startPostmarkFake, type PostmarkFake } from "@/server/test/fakes/postmark-fake";
import { sesEventJson, sesReceivedJson, startSesFake, type SesFake } from "@/server/test/fakes/ses-fake";
import { SENT_UNCERTAIN } from "../../campaigns/executor/reconcile-interrupted-emails";
import { takeMailboxTurn } from "../../campaigns/executor/take-mailbox-turn";
import { saveAddressVerifications } from "../../verification/save-address-verifications";
import { encryptMailCredentials } from "../mailboxes/mailbox-columns";

let postmark: PostmarkFake;
let ses: SesFake;
const WEBHOOK_PASSWORD = "postmark-webhook-password";

beforeAll(async () => {
  [postmark, ses] = await Promise.all([startPostmarkFake(), startSesFake()]);
  process.env.HERALD_POSTMARK_API_URL = postmark.url;
  process.env.HERALD_SES_ENDPOINT = ses.url;
  process.env.HERALD_SNS_TEST_CERT_URL_PREFIX = ses.testUrlPrefix;
  resetEnv();
  setApiMailTransport("ses", undefined);
});
afterEach(() => setClock(systemClock));
afterAll(async () => {
  await Promise.all([postmark?.close(), ses?.close()]);
});

/** An e-mail campaign to Ann from one mailbox that sends through the provider's API. */
async function apiCampaign(provider: "postmark" | "ses") {
  const setup = await setupEmailCampaign({ sequence: THREE_EMAILS, leads: [{ email: "ann@prospect.example", firstName: "Ann" }] });
  const credentials: ApiMailCredentials =
    provider === "postmark"
      ? { kind: "api", provider, apiKey: postmark.token, webhookSecret: WEBHOOK_PASSWORD }
      : { kind: "api", provider, apiKey: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "secret", region: "eu-west-1", webhookSecret: null };
  // The address checked out when it was added (its made-up domain has no DNS here: a real mailbox checks it first).
  await saveAddressVerifications(setup.workspace.id, [{ address: "ann@prospect.example", status: "valid", check: "deliverable-domain", reason: "prospect.example has mail servers (MX)" }], now());
  const token = randomBytes(24).toString("base64url");
  const mailbox = await db.mailbox.update({
    where: { id: setup.mailboxIds[0]! },
    data: { provider, authType: "api", credentialsEncrypted: encryptMailCredentials(credentials), webhookToken: token },
  });
  return { ...setup, mailbox, token };
}

async function post(provider: string, token: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await webhookRoute(
    new Request(`http://herald.test/api/providers/mail/${provider}/${token}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) }),
    { params: Promise.resolve({ provider, token }) },
  );
  return { status: response.status, body: (await response.json()) as { outcomes?: string[]; error?: { code: string } } };
}

const postmarkAuth = (password = WEBHOOK_PASSWORD) => ({ authorization: `Basic ${Buffer.from(`herald:${password}`).toString("base64")}` });

async function deadAndListed(workspaceId: string, address: string) {
  const [dead, listed] = await Promise.all([
    db.deadEmailAddress.count({ where: { workspaceId, address } }),
    db.doNotContactEntry.findMany({ where: { workspaceId, kind: "email", value: address }, select: { reason: true } }),
  ]);
  return { dead, listed: listed.map((entry) => entry.reason) };
}

describe("Postmark", () => {
  it("sends through Postmark, and a hard bounce from its webhook fails the lead, kills the address and counts once", async () => {
    const { campaign, mailbox, token, workspace } = await apiCampaign("postmark");
    expect(await takeMailboxTurn(mailbox.id, now())).toBe(true);
    const sent = postmark.sent.at(-1)!;
    const email = await db.emailMessage.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect(email).toMatchObject({ status: "sent", providerMessageId: sent.MessageID });
    expect(sent.Headers).toContainEqual({ Name: "Message-ID", Value: email.messageId });

    // A forged request (wrong password) changes nothing.
    expect((await post("postmark", token, postmarkBounce(sent, "HardBounce", 1001), postmarkAuth("guessed-password-123"))).status).toBe(401);
    expect(await db.emailMessage.findUniqueOrThrow({ where: { id: email.id } })).toMatchObject({ status: "sent", bouncedAt: null });
    expect((await post("postmark", "no-such-token-000000000", postmarkBounce(sent), postmarkAuth())).status).toBe(404);

    const bounce = postmarkBounce(sent, "HardBounce", 1002);
    expect(await post("postmark", token, bounce, postmarkAuth())).toMatchObject({ status: 200, body: { outcomes: ["bounce"] } });
    expect(await db.emailMessage.findUniqueOrThrow({ where: { id: email.id } })).toMatchObject({ status: "bounced", bounceKind: "hard", bounceStatus: "5.1.1" });
    expect(await leadByEmail(campaign.id, "ann@prospect.example")).toMatchObject({ status: "failed" });
    expect(await deadAndListed(workspace.id, "ann@prospect.example")).toEqual({ dead: 1, listed: ["bounce"] });
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ bouncedCount: 1 });

    // Postmark delivers the same event again: taken once.
    expect(await post("postmark", token, bounce, postmarkAuth())).toMatchObject({ status: 200, body: { outcomes: ["duplicate"] } });
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ bouncedCount: 1 });
    expect(await db.mailProviderEvent.count({ where: { mailboxId: mailbox.id } })).toBe(1);
  });

  it("a spam complaint stops the lead, lists the address and counts the complaint", async () => {
    const { campaign, mailbox, token, workspace } = await apiCampaign("postmark");
    expect(await takeMailboxTurn(mailbox.id, now())).toBe(true);
    const sent = postmark.sent.at(-1)!;
    expect(await post("postmark", token, postmarkComplaint(sent), postmarkAuth())).toMatchObject({ status: 200, body: { outcomes: ["complaint"] } });
    expect(await leadByEmail(campaign.id, "ann@prospect.example")).toMatchObject({ status: "stopped" });
    expect((await deadAndListed(workspace.id, "ann@prospect.example")).listed).toEqual(["complaint"]);
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ complainedCount: 1 });
  });

  it("an inbound reply from Postmark's inbound webhook becomes the lead's reply in the inbox", async () => {
    const { campaign, mailbox, token } = await apiCampaign("postmark");
    expect(await takeMailboxTurn(mailbox.id, now())).toBe(true);
    const email = await db.emailMessage.findFirstOrThrow({ where: { campaignId: campaign.id } });
    const reply = postmarkInbound({ from: "ann@prospect.example", to: mailbox.email, subject: "Re: Quick question, Ann", text: "Yes, let's talk on Tuesday.", inReplyTo: email.messageId });
    expect(await post("postmark", token, reply, postmarkAuth())).toMatchObject({ status: 200, body: { outcomes: ["reply"] } });
    const stored = await db.emailMessage.findFirstOrThrow({ where: { mailboxId: mailbox.id, direction: "inbound" } });
    expect(stored).toMatchObject({ kind: "reply", campaignLeadId: email.campaignLeadId, threadRootId: email.threadRootId, text: expect.stringContaining("Tuesday") });
    expect(await leadByEmail(campaign.id, "ann@prospect.example")).toMatchObject({ status: "replied" });
  });

  it("a send whose answer was lost is found again at Postmark and not sent twice", async () => {
    const { campaign, mailbox, clock } = await apiCampaign("postmark");
    const before = postmark.sent.length;
    postmark.acceptThenFail(true);
    await takeMailboxTurn(mailbox.id, now());
    postmark.acceptThenFail(false);
    expect(await db.emailMessage.findFirstOrThrow({ where: { campaignId: campaign.id } })).toMatchObject({ status: "sending" });

    clock.set(new Date(Date.parse(START) + HOUR));
    await takeMailboxTurn(mailbox.id, now());
    expect(postmark.sent.length - before).toBe(1);
    const emails = await db.emailMessage.findMany({ where: { campaignId: campaign.id } });
    expect(emails).toMatchObject([{ status: "sent" }]);
    expect((await leadByEmail(campaign.id, "ann@prospect.example")).journal.map((entry) => [entry.stepId, entry.status, entry.detail])).toEqual([["first", "done", null]]);
  });

  it("a send Postmark's search does not show yet is not sent again until its search has settled", async () => {
    const { campaign, mailbox, clock } = await apiCampaign("postmark");
    const before = postmark.sent.length;
    postmark.acceptThenFail(true);
    await takeMailboxTurn(mailbox.id, now());
    postmark.acceptThenFail(false);
    // Postmark took the e-mail, but its outbound search does not list it yet.
    const lagging = postmark.sent.splice(before, 1);
    expect(lagging).toHaveLength(1);
    clock.set(new Date(Date.parse(START) + 2 * 60_000));
    await takeMailboxTurn(mailbox.id, now());
    expect(postmark.sent.length).toBe(before);
    expect(await db.emailMessage.findMany({ where: { campaignId: campaign.id } })).toMatchObject([{ status: "sending" }]);
    // The search catches up: found, counted as sent, never sent twice.
    postmark.sent.push(...lagging);
    clock.set(new Date(Date.parse(START) + HOUR));
    await takeMailboxTurn(mailbox.id, now());
    expect(postmark.sent.length - before).toBe(1);
    expect(await db.emailMessage.findMany({ where: { campaignId: campaign.id } })).toMatchObject([{ status: "sent" }]);
  });

  it("a send Postmark still does not know once its search has settled is sent again", async () => {
    const { campaign, mailbox, clock } = await apiCampaign("postmark");
    const before = postmark.sent.length;
    postmark.acceptThenFail(true);
    await takeMailboxTurn(mailbox.id, now());
    postmark.acceptThenFail(false);
    postmark.sent.splice(before, 1);
    clock.set(new Date(Date.parse(START) + HOUR));
    await takeMailboxTurn(mailbox.id, now());
    expect(postmark.sent.length - before).toBe(1);
    expect(await db.emailMessage.findMany({ where: { campaignId: campaign.id } })).toMatchObject([{ status: "sent" }]);
  });
});

describe("Amazon SES", () => {
  it("confirms the SNS subscription, and a signed bounce event fails the lead; a tampered one is refused", async () => {
    const { campaign, mailbox, token, workspace } = await apiCampaign("ses");
    const confirmation = ses.snsMessage({ type: "SubscriptionConfirmation", message: "You have chosen to subscribe" });
    expect(await post("ses", token, confirmation)).toMatchObject({ status: 200 });
    expect(ses.confirmations).toHaveLength(1);

    expect(await takeMailboxTurn(mailbox.id, now())).toBe(true);
    const sent = ses.sent.at(-1)!;
    const email = await db.emailMessage.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect(email.providerMessageId).toBe(sent.messageId);
    expect(sent.raw).toContain(`Message-ID: ${email.messageId}`);

    const signed = ses.snsMessage({ message: sesEventJson({ eventType: "Bounce", sent }) });
    const tampered = { ...signed, Message: sesEventJson({ eventType: "Complaint", sent }) };
    expect((await post("ses", token, tampered)).status).toBe(401);
    expect(await post("ses", token, signed)).toMatchObject({ status: 200, body: { outcomes: ["bounce"] } });
    expect(await post("ses", token, signed)).toMatchObject({ status: 200, body: { outcomes: ["duplicate"] } });
    expect(await leadByEmail(campaign.id, "ann@prospect.example")).toMatchObject({ status: "failed" });
    expect(await deadAndListed(workspace.id, "ann@prospect.example")).toEqual({ dead: 1, listed: ["bounce"] });
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ bouncedCount: 1 });
  });

  it("a reply a receipt rule publishes to the topic becomes the lead's reply", async () => {
    const { campaign, mailbox, token } = await apiCampaign("ses");
    expect(await takeMailboxTurn(mailbox.id, now())).toBe(true);
    const email = await db.emailMessage.findFirstOrThrow({ where: { campaignId: campaign.id } });
    const raw = [`From: Ann <ann@prospect.example>`, `To: ${mailbox.email}`, "Subject: Re: Quick question, Ann", "Message-ID: <reply-1@prospect.example>", `In-Reply-To: ${email.messageId}`, "", "Tuesday works for me."].join("\r\n");
    expect(await post("ses", token, ses.snsMessage({ message: sesReceivedJson({ raw, encoding: "BASE64", to: mailbox.email }) }))).toMatchObject({ status: 200, body: { outcomes: ["reply"] } });
    expect(await db.emailMessage.findFirstOrThrow({ where: { mailboxId: mailbox.id, direction: "inbound" } })).toMatchObject({ kind: "reply", campaignLeadId: email.campaignLeadId });
    expect(await leadByEmail(campaign.id, "ann@prospect.example")).toMatchObject({ status: "replied" });
  });

  it("a send whose answer was lost cannot be looked up at SES: it counts as sent, with the note, never twice", async () => {
    const { campaign, mailbox, clock } = await apiCampaign("ses");
    const before = ses.sent.length;
    ses.acceptThenFail(true);
    await takeMailboxTurn(mailbox.id, now());
    ses.acceptThenFail(false);
    clock.set(new Date(Date.parse(START) + HOUR));
    await takeMailboxTurn(mailbox.id, now());
    expect(ses.sent.length - before).toBe(1);
    expect(await db.emailMessage.findMany({ where: { campaignId: campaign.id } })).toMatchObject([{ status: "sent" }]);
    expect((await leadByEmail(campaign.id, "ann@prospect.example")).journal.map((entry) => [entry.stepId, entry.status, entry.detail])).toEqual([["first", "done", SENT_UNCERTAIN]]);
  });
});
