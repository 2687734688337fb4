// The database triggers that keep Conversation (migration 20261124073830_inbox_and_inbound_mail), fed
// by the code that stores messages: a campaign e-mail that goes out starts its thread's conversation,
// a reply marks it unread and replied, an auto-reply shows without either, bounce reports stay out;
// LinkedIn messages from the executor and from the provider make one conversation per chat.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { ManualClock, setClock, systemClock } from "../../lib/clock";
import { emailConversationSeed, inboxWorkspace, linkedinConversationSeed, providerReportsSenderMessage, receivedEmail } from "../../test/inbox-seed";

afterEach(() => setClock(systemClock));

describe("conversations of e-mail threads", () => {
  it("starts with the campaign e-mail sent, not with its intent, under the thread's subject", async () => {
    setClock(new ManualClock("2026-03-02T09:00:00Z"));
    const { actor } = await inboxWorkspace();
    const seed = await emailConversationSeed(actor);
    const conversation = await seed.conversation();
    expect(conversation).toMatchObject({
      channel: "email",
      accountId: seed.mailbox.id,
      leadId: seed.lead.id,
      campaignId: seed.campaign.id,
      campaignLeadId: seed.campaignLead.id,
      subject: "Quick question",
      messageCount: 1,
      inboundCount: 0,
      lastDirection: "outbound",
      lastMessageText: "Hi Ada",
      unread: false,
    });
    // An intent not (yet) sent counts nothing.
    await db.emailMessage.create({
      data: { ...intentOf(seed), messageId: "<pending@acme.example>", threadRootId: seed.first.messageId, status: "sending" },
    });
    expect((await seed.conversation()).messageCount).toBe(1);
  });

  it("marks it unread and replied on a reply, shows an auto-reply without either, and leaves bounce reports out", async () => {
    const clock = new ManualClock("2026-03-02T09:00:00Z");
    setClock(clock);
    const { actor } = await inboxWorkspace();
    const seed = await emailConversationSeed(actor);
    const root = seed.first.messageId;
    clock.advance(60_000);
    await receivedEmail(seed.thread, { kind: "auto-reply", text: "I am out of office until Monday.", from: seed.lead.email!, root, inReplyTo: root, subject: "Automatic reply: Quick question" });
    expect(await seed.conversation()).toMatchObject({ messageCount: 2, inboundCount: 0, unread: false, lastDirection: "inbound", lastMessageText: "I am out of office until Monday.", lastInboundAt: null });
    clock.advance(60_000);
    await receivedEmail(seed.thread, { kind: "bounce", text: "Delivery failed", from: "mailer-daemon@prospect.example", root, inReplyTo: root });
    await receivedEmail(seed.thread, { kind: "complaint", text: "Abuse report", from: "fbl@prospect.example", root, inReplyTo: root });
    expect((await seed.conversation()).messageCount).toBe(2);
    clock.advance(60_000);
    const reply = await receivedEmail(seed.thread, { kind: "reply", text: "Sounds good, call me.", from: seed.lead.email!, root, inReplyTo: root });
    expect(await seed.conversation()).toMatchObject({
      messageCount: 3,
      inboundCount: 1,
      unread: true,
      lastDirection: "inbound",
      lastMessageText: "Sounds good, call me.",
      lastInboundAt: reply.sentAt,
      lastMessageAt: reply.sentAt,
    });
    // The same row touched again without a change of status or kind counts nothing.
    await db.emailMessage.update({ where: { id: reply.id }, data: { kind: "reply", text: "edited" } });
    expect((await seed.conversation()).messageCount).toBe(3);
  });

  it("counts an e-mail once: a sent e-mail that bounces later is not counted again", async () => {
    const { actor } = await inboxWorkspace();
    const seed = await emailConversationSeed(actor);
    await db.emailMessage.update({ where: { id: seed.first.id }, data: { status: "bounced", bounceKind: "hard", bouncedAt: new Date() } });
    expect((await seed.conversation()).messageCount).toBe(1);
  });

  it("keeps an older message from replacing the latest one's text", async () => {
    const clock = new ManualClock("2026-03-02T09:00:00Z");
    setClock(clock);
    const { actor } = await inboxWorkspace();
    const seed = await emailConversationSeed(actor);
    const root = seed.first.messageId;
    const late = await receivedEmail(seed.thread, { kind: "reply", text: "The latest", from: seed.lead.email!, root, inReplyTo: root, at: new Date("2026-03-02T12:00:00Z") });
    await receivedEmail(seed.thread, { kind: "reply", text: "An older one, read late", from: seed.lead.email!, root, inReplyTo: root, at: new Date("2026-03-02T10:00:00Z") });
    expect(await seed.conversation()).toMatchObject({ lastMessageText: "The latest", lastMessageAt: late.sentAt, messageCount: 3, inboundCount: 2 });
  });
});

describe("conversations of LinkedIn chats", () => {
  it("makes one conversation per chat from the executor's message and the provider's reply, unread, in the lead's campaign", async () => {
    const clock = new ManualClock("2026-03-02T09:00:00Z");
    setClock(clock);
    const { actor, workspace } = await inboxWorkspace();
    const { sender, lead, campaign, campaignLead, chatId } = await linkedinConversationSeed(actor, clock, { sent: "Hello there", reply: "Hi! Tell me more." });
    const conversations = await db.conversation.findMany({ where: { workspaceId: workspace.id } });
    expect(conversations).toHaveLength(1);
    expect(conversations[0]).toMatchObject({
      channel: "linkedin",
      chatId,
      accountId: sender.id,
      leadId: lead.id,
      campaignId: campaign.id,
      campaignLeadId: campaignLead.id,
      subject: null,
      messageCount: 2,
      inboundCount: 1,
      unread: true,
      lastDirection: "inbound",
      lastMessageText: "Hi! Tell me more.",
    });

    // The provider reporting a message Herald stored already records nothing twice.
    const stored = await db.linkedinMessage.findFirstOrThrow({ where: { chatId, direction: "outbound" } });
    await providerReportsSenderMessage(sender, lead, stored);
    expect((await db.conversation.findFirstOrThrow({ where: { workspaceId: workspace.id } })).messageCount).toBe(2);
  });
});

function intentOf(seed: Awaited<ReturnType<typeof emailConversationSeed>>) {
  const { id: _id, createdAt: _created, updatedAt: _updated, sentAt: _sent, references: _references, ...rest } = seed.first;
  return { ...rest, references: [], createdAt: new Date(), updatedAt: new Date() };
}
