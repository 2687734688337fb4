// Reading one conversation: its messages oldest first on both channels (e-mail: replies and
// auto-replies from the lead, Herald's e-mails with their bounce, no reports), the lead's card with
// its step named as the lead page names it, and why a reply cannot be sent, in plain words.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { ManualClock, setClock, systemClock } from "../../lib/clock";
import { createTestWorkspace } from "../../test/factories";
import { emailConversationSeed, inboxWorkspace, linkedinConversationSeed, receivedEmail, sandboxMailbox, sentCampaignEmail } from "../../test/inbox-seed";
import { getConversation } from "./get-conversation";

afterEach(() => setClock(systemClock));

const MINUTE = 60_000;

describe("reading a conversation", () => {
  it("shows an e-mail thread's messages oldest first, with replies, auto-replies and bounces, and the lead's card", async () => {
    const clock = new ManualClock("2026-03-02T09:00:00Z");
    setClock(clock);
    const { actor } = await inboxWorkspace();
    const seed = await emailConversationSeed(actor);
    const root = seed.first.messageId;
    clock.advance(MINUTE);
    await receivedEmail(seed.thread, { kind: "auto-reply", text: "Out of office", from: seed.lead.email!, root, inReplyTo: root });
    await receivedEmail(seed.thread, { kind: "bounce", text: "Report", from: "mailer-daemon@prospect.example", root, inReplyTo: root });
    clock.advance(MINUTE);
    const bump = await sentCampaignEmail(seed.thread, { subject: "Re: Quick question", text: "Bumping this", to: seed.lead.email!, root, inReplyTo: root, references: [root] });
    await db.emailMessage.update({ where: { id: bump.id }, data: { status: "bounced", bounceKind: "soft", bounceMessage: "The mailbox is full" } });
    clock.advance(MINUTE);
    await receivedEmail(seed.thread, { kind: "reply", text: "Let's talk", from: seed.lead.email!, root, inReplyTo: bump.messageId });
    await db.campaignLead.update({ where: { id: seed.campaignLead.id }, data: { interest: "interested", interestBy: "ai", lastReplyAt: clock.now() } });

    const conversation = await getConversation(actor, (await seed.conversation()).id);
    expect(conversation.messages.map((message) => [message.direction, message.kind, message.status, message.text])).toEqual([
      ["outbound", "message", "sent", "Hi Ada"],
      ["inbound", "auto-reply", "received", "Out of office"],
      ["outbound", "message", "bounced", "Bumping this"],
      ["inbound", "reply", "received", "Let's talk"],
    ]);
    expect(conversation.messages[0]).toMatchObject({ source: "campaign", subject: "Quick question", bounce: null, at: "2026-03-02T09:00:00.000Z" });
    expect(conversation.messages[2]!.bounce).toEqual({ kind: "soft", message: "The mailbox is full" });
    expect(conversation.messages[3]).toMatchObject({ source: "campaign", at: "2026-03-02T09:03:00.000Z" });
    expect(conversation).toMatchObject({
      channel: "email",
      interest: "interested",
      unread: true,
      replied: true,
      campaignLead: {
        id: seed.campaignLead.id,
        status: "running",
        currentStep: { id: "bump", type: "email", label: "#2 E-mail" },
        interest: "interested",
        interestBy: "ai",
        lastReplyAt: "2026-03-02T09:03:00.000Z",
      },
      canReply: true,
      cannotReplyReason: null,
    });
  });

  it("shows a LinkedIn chat's messages and the sender's state", async () => {
    const clock = new ManualClock("2026-03-02T09:00:00Z");
    setClock(clock);
    const { actor } = await inboxWorkspace();
    const { sender, conversation: { id } } = await linkedinConversationSeed(actor, clock, { sent: "Hello there", reply: "Hi!" });
    const conversation = await getConversation(actor, id);
    expect(conversation.messages.map((message) => [message.direction, message.source, message.kind, message.status, message.text, message.subject])).toEqual([
      ["outbound", "campaign", "message", "sent", "Hello there", null],
      ["inbound", "direct", "message", "received", "Hi!", null],
    ]);
    // A reply stops the sequence: the lead replied, at no step.
    expect(conversation).toMatchObject({ canReply: true, campaignLead: { status: "replied", currentStep: null } });

    await db.linkedinAccount.update({ where: { id: sender.id }, data: { paused: true, pausedReason: "manual" } });
    expect(await getConversation(actor, id)).toMatchObject({ canReply: false, cannotReplyReason: "This sender is paused (manual): resume it first." });
    await db.linkedinAccount.delete({ where: { id: sender.id } });
    expect(await getConversation(actor, id)).toMatchObject({
      account: { name: "A removed sender" },
      canReply: false,
      cannotReplyReason: expect.stringContaining("removed"),
    });
  });

  it("shows the lead's messages in its other conversations, the other channel's, for one timeline", async () => {
    const clock = new ManualClock("2026-03-02T09:00:00Z");
    setClock(clock);
    const { actor } = await inboxWorkspace();
    const linkedin = await linkedinConversationSeed(actor, clock, { sent: "Hello there", reply: "Hi! Mail me the deck" });
    await db.lead.update({ where: { id: linkedin.lead.id }, data: { email: "ada@prospect.example" } });
    const mailbox = await sandboxMailbox(actor.workspaceId);
    clock.advance(MINUTE);
    const thread = { workspaceId: actor.workspaceId, mailboxId: mailbox.id, mailboxEmail: mailbox.email, leadId: linkedin.lead.id, campaignId: null, campaignLeadId: null };
    const sent = await sentCampaignEmail(thread, { subject: "The deck", text: "Here it is", to: "ada@prospect.example" });
    const email = await db.conversation.findUniqueOrThrow({ where: { workspaceId_chatId: { workspaceId: actor.workspaceId, chatId: `email:${mailbox.id}:${sent.messageId}` } } });

    const onLinkedin = await getConversation(actor, linkedin.conversation.id);
    expect(onLinkedin.elsewhere.map((entry) => [entry.conversationId, entry.channel, entry.subject, entry.message.text, entry.message.direction])).toEqual([
      [email.id, "email", "The deck", "Here it is", "outbound"],
    ]);
    expect(onLinkedin.elsewhere[0]!.accountName).toContain(mailbox.email);
    const onEmail = await getConversation(actor, email.id);
    expect(onEmail.elsewhere.map((entry) => [entry.channel, entry.message.text])).toEqual([
      ["linkedin", "Hello there"],
      ["linkedin", "Hi! Mail me the deck"],
    ]);
    // Another lead's conversations never show.
    const other = await emailConversationSeed(actor);
    expect((await getConversation(actor, (await other.conversation()).id)).elsewhere).toEqual([]);
  });

  it("says why an e-mail cannot be answered: the mailbox in error or paused, the lead unsubscribed", async () => {
    const { actor } = await inboxWorkspace();
    const seed = await emailConversationSeed(actor);
    const { id } = await seed.conversation();
    await db.mailbox.update({ where: { id: seed.mailbox.id }, data: { status: "error", error: "The mail server refused the sign-in." } });
    expect((await getConversation(actor, id)).cannotReplyReason).toBe(`Reconnect the mailbox ${seed.mailbox.email} to reply: The mail server refused the sign-in.`);
    await db.mailbox.update({ where: { id: seed.mailbox.id }, data: { status: "connected", error: null, paused: true } });
    expect((await getConversation(actor, id)).cannotReplyReason).toBe(`The mailbox ${seed.mailbox.email} is paused: resume it to reply.`);
    await db.mailbox.update({ where: { id: seed.mailbox.id }, data: { paused: false } });
    await db.lead.update({ where: { id: seed.lead.id }, data: { emailOptOut: true } });
    expect(await getConversation(actor, id)).toMatchObject({ canReply: false, cannotReplyReason: "This lead unsubscribed from your e-mails." });
  });

  it("is a 404 in another workspace", async () => {
    const { actor } = await inboxWorkspace();
    const seed = await emailConversationSeed(actor);
    const other = await createTestWorkspace();
    await expect(getConversation(other.actor, (await seed.conversation()).id)).rejects.toMatchObject({ code: "not-found", message: "Conversation not found" });
  });
});
