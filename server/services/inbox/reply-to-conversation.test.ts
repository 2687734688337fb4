// Replying from the inbox on the sandbox networks: a LinkedIn message through the conversation's
// sender (stored with the provider's id, so the provider's own report of it is not recorded twice),
// an e-mail threaded in the conversation's thread through its mailbox; message.sent and email.sent
// with source manual; the conversation read; failures answered in plain words with the intent failed.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { ManualClock, setClock, systemClock } from "../../lib/clock";
import { setMailProvider } from "../../providers/mail";
import { MailProviderError } from "../../providers/mail/types";
import { countMailboxUsage } from "../mail/mailboxes/count-mailbox-usage";
import { fakeMailProvider } from "../../test/fakes/fake-mail-provider";
import { outboxEvents } from "../../test/factories";
import { emailConversationSeed, inboxWorkspace, linkedinConversationSeed, providerReportsSenderMessage, receivedEmail } from "../../test/inbox-seed";
import { replyToConversation } from "./reply-to-conversation";

afterEach(() => {
  setClock(systemClock);
  setMailProvider("sandbox", undefined);
});

const MINUTE = 60_000;

async function linkedinConversation() {
  const clock = new ManualClock("2026-03-02T09:00:00Z");
  setClock(clock);
  const { actor, workspace } = await inboxWorkspace();
  const seed = await linkedinConversationSeed(actor, clock, { sent: "Hello there", reply: "Tell me more" });
  return { clock, actor, workspace, ...seed };
}

describe("replying on LinkedIn", () => {
  it("sends through the sender, stores the message once, fires message.sent (manual) and marks the conversation read", async () => {
    const { clock, actor, workspace, sender, lead, chatId, conversation } = await linkedinConversation();
    expect(conversation.unread).toBe(true);
    clock.advance(MINUTE);
    const message = await replyToConversation(actor, conversation.id, { text: "  Sure, here is more.  " });
    expect(message).toMatchObject({ direction: "outbound", source: "manual", kind: "message", text: "Sure, here is more.", status: "sent", subject: null, bounce: null });

    const stored = await db.linkedinMessage.findUniqueOrThrow({ where: { id: message.id } });
    expect(stored).toMatchObject({ chatId, accountId: sender.id, leadId: lead.id, direction: "outbound", source: "manual" });
    expect(await db.sandboxMessage.findUnique({ where: { id: stored.providerMessageId } })).toMatchObject({ text: "Sure, here is more.", chatId });
    expect(await db.senderAction.findFirst({ where: { accountId: sender.id, source: "manual" } })).toMatchObject({ type: "message", status: "done", providerRef: stored.providerMessageId, chatId });
    expect(await db.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).toMatchObject({ unread: false, messageCount: 3, lastDirection: "outbound", lastMessageText: "Sure, here is more." });

    // The provider reports the sender's message later (a webhook): nothing is recorded twice.
    await providerReportsSenderMessage(sender, lead, stored);
    expect(await db.linkedinMessage.count({ where: { chatId } })).toBe(3);
    const sent = await outboxEvents(workspace.id, "message.sent");
    expect(sent.map((event) => event.data.source)).toEqual(["campaign", "manual"]);
    expect(sent[1]!.data).toEqual({
      source: "manual",
      accountId: sender.id,
      // Not the campaign's message: the spec names a campaign only for its own.
      campaignLeadId: null,
      campaignId: null,
      leadId: lead.id,
      chatId,
      message: { text: "Sure, here is more.", at: stored.at.toISOString() },
      to: { firstName: lead.firstName, lastName: lead.lastName, publicIdentifier: lead.publicIdentifier, providerId: lead.memberId },
    });
  });

  it("refuses while the sender is paused, and records LinkedIn's refusal on the action", async () => {
    const { actor, sender, memberId, lead, conversation } = await linkedinConversation();
    await db.linkedinAccount.update({ where: { id: sender.id }, data: { paused: true, pausedReason: "manual" } });
    await expect(replyToConversation(actor, conversation.id, { text: "Hi" })).rejects.toMatchObject({ code: "sender-paused" });
    await db.linkedinAccount.update({ where: { id: sender.id }, data: { paused: false } });
    await db.sandboxRelation.deleteMany({ where: { OR: [{ memberId, otherMemberId: lead.memberId! }, { memberId: lead.memberId!, otherMemberId: memberId }] } });
    await expect(replyToConversation(actor, conversation.id, { text: "Hi" })).rejects.toMatchObject({ code: "not-connected" });
    expect(await db.senderAction.findFirst({ where: { accountId: sender.id, source: "manual" } })).toMatchObject({ status: "failed", error: expect.stringContaining("connection") });
    expect(await db.linkedinMessage.count({ where: { chatId: conversation.chatId } })).toBe(2);
  });
});

async function emailConversation(signature: string | null = "Sam Seller\nAcme Inc.") {
  const clock = new ManualClock("2026-03-02T09:00:00Z");
  setClock(clock);
  const { actor, workspace } = await inboxWorkspace();
  const seed = await emailConversationSeed(actor, { signature });
  const root = seed.first.messageId;
  clock.advance(MINUTE);
  const reply = await receivedEmail(seed.thread, { kind: "reply", text: "Interesting, tell me more", from: seed.lead.email!, root, inReplyTo: root, subject: "RE: Quick question" });
  return { clock, actor, workspace, seed, root, reply, conversation: await seed.conversation() };
}

describe("replying by e-mail", () => {
  it("sends a reply threaded after the latest e-mail with the signature, counts it in sentCount only, fires email.sent (manual)", async () => {
    const { clock, actor, workspace, seed, root, reply, conversation } = await emailConversation();
    clock.advance(MINUTE);
    const usageBefore = await countMailboxUsage(seed.mailbox, clock.now());
    const message = await replyToConversation(actor, conversation.id, { text: "Happy to.\n\nWhen suits you?" });
    expect(message).toMatchObject({ direction: "outbound", source: "manual", kind: "message", status: "sent", subject: "Re: Quick question", bounce: null });
    expect(message.text).toBe("Happy to.\n\nWhen suits you?\n\nSam Seller\nAcme Inc.");

    const email = await db.emailMessage.findUniqueOrThrow({ where: { id: message.id } });
    expect(email).toMatchObject({
      source: "manual",
      status: "sent",
      threaded: true,
      threadRootId: root,
      inReplyTo: reply.messageId,
      references: [root, reply.messageId],
      toAddress: seed.lead.email,
      leadId: seed.lead.id,
      campaignLeadId: seed.campaignLead.id,
      campaignId: seed.campaign.id,
      trackingToken: null,
    });
    expect(email.html).toBe("<p>Happy to.</p>\n<p>When suits you?</p>\n<p>Sam Seller<br>Acme Inc.</p>");
    // What the sandbox mail network received.
    expect(await db.sandboxEmail.findUniqueOrThrow({ where: { messageId: email.messageId } })).toMatchObject({ inReplyTo: reply.messageId, subject: "Re: Quick question", toAddress: seed.lead.email });

    const mailbox = await db.mailbox.findUniqueOrThrow({ where: { id: seed.mailbox.id } });
    expect(mailbox).toMatchObject({ sentCount: seed.mailbox.sentCount + 1, campaignSendCount: seed.mailbox.campaignSendCount });
    expect(await countMailboxUsage(seed.mailbox, clock.now())).toEqual(usageBefore);
    expect(await db.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).toMatchObject({ unread: false, messageCount: 3, lastDirection: "outbound" });

    const [event] = await outboxEvents(workspace.id, "email.sent");
    expect(event!.data).toEqual({
      source: "manual",
      accountId: seed.mailbox.id,
      campaignLeadId: seed.campaignLead.id,
      campaignId: seed.campaign.id,
      leadId: seed.lead.id,
      chatId: conversation.chatId,
      message: { text: message.text, at: message.at },
      email: { subject: "Re: Quick question", messageId: email.messageId, to: seed.lead.email, threaded: true },
      to: { firstName: "Ada", lastName: "Lovelace", email: seed.lead.email },
    });
  });

  it("marks the mailbox in error and the intent failed when the server refuses the sign-in, in plain words", async () => {
    const { actor, seed, conversation } = await emailConversation(null);
    setMailProvider("sandbox", { ...fakeMailProvider("sandbox"), send: () => Promise.reject(new MailProviderError("auth-failed", "The mail server refused the password.")) });
    await expect(replyToConversation(actor, conversation.id, { text: "Hello?" })).rejects.toMatchObject({
      code: "mailbox-not-ready",
      message: `Reconnect the mailbox ${seed.mailbox.email}: The mail server refused the password.`,
    });
    const intent = await db.emailMessage.findFirstOrThrow({ where: { mailboxId: seed.mailbox.id, source: "manual" } });
    expect(intent).toMatchObject({ status: "failed", error: expect.stringContaining("Reconnect the mailbox") });
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: seed.mailbox.id } })).toMatchObject({ status: "error", sentCount: 0 });
    expect(await db.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).toMatchObject({ unread: true, messageCount: 2 });
    // The next attempt is refused before anything is written.
    await expect(replyToConversation(actor, conversation.id, { text: "Hello?" })).rejects.toMatchObject({ code: "mailbox-not-ready", message: expect.stringContaining("Reconnect the mailbox") });
    expect(await db.emailMessage.count({ where: { mailboxId: seed.mailbox.id, source: "manual" } })).toBe(1);
  });

  it("answers a refused recipient and a timeout without a 5xx, the intent failed", async () => {
    const { actor, seed, conversation } = await emailConversation(null);
    setMailProvider("sandbox", { ...fakeMailProvider("sandbox"), send: () => Promise.reject(new MailProviderError("recipient-refused", "550 5.1.1 No such user")) });
    await expect(replyToConversation(actor, conversation.id, { text: "Hello?" })).rejects.toMatchObject({ code: "email-not-sent", status: 409, message: `The mail server refused ${seed.lead.email}: 550 5.1.1 No such user` });
    setMailProvider("sandbox", { ...fakeMailProvider("sandbox"), send: () => Promise.reject(new MailProviderError("timeout", "No answer")) });
    await expect(replyToConversation(actor, conversation.id, { text: "Hello?" })).rejects.toMatchObject({ code: "email-not-sent", message: expect.stringContaining("may not have gone out") });
    expect((await db.emailMessage.findMany({ where: { mailboxId: seed.mailbox.id, source: "manual" } })).map((email) => email.status)).toEqual(["failed", "failed"]);
    expect((await db.mailbox.findUniqueOrThrow({ where: { id: seed.mailbox.id } })).status).toBe("connected");
  });

  it("refuses a lead without an address before writing anything", async () => {
    const { actor, seed, conversation } = await emailConversation(null);
    await db.lead.update({ where: { id: seed.lead.id }, data: { email: null } });
    await db.emailMessage.updateMany({ where: { mailboxId: seed.mailbox.id }, data: { toAddress: "" } });
    await expect(replyToConversation(actor, conversation.id, { text: "Hi" })).rejects.toMatchObject({ code: "cannot-reply", message: "This lead has no e-mail address." });
    expect(await db.emailMessage.count({ where: { mailboxId: seed.mailbox.id, source: "manual" } })).toBe(0);
  });
});
