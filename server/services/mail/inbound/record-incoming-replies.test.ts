// Replies read from a mailbox, end to end from the raw message: a campaign sends its first e-mail
// through the real executor, the prospect's answer (as the sandbox network writes it, or by hand) is
// recorded, and the lead, the conversation, the events and the credits show what it did.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { warmupTag } from "@/server/domain/mail/warmup-mail";
import { now, setClock, systemClock } from "@/server/lib/clock";
import { setReplyClassifier } from "@/server/providers/ai";
import type { Interest } from "@/server/providers/ai/types";
import { setMailProvider } from "@/server/providers/mail";
import { autoReplyMessage, replyMessage } from "@/server/providers/mail/sandbox/raw-messages";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { HOUR, THREE_EMAILS } from "@/server/test/email-campaign";
import { outboxEvents } from "@/server/test/factories";
import { campaignWithFirstEmails, incoming, originalOf } from "@/server/test/incoming-email";
import { emailChatId } from "../../campaigns/executor/record-email-sent";
import { dispatchOutboxEvents } from "../../webhooks/dispatch-outbox-events";
import { recordIncomingEmail } from "./record-incoming-email";

afterEach(() => {
  setClock(systemClock);
  setMailProvider("sandbox", undefined);
  setReplyClassifier(undefined);
});

/** A classifier standing in for the paid model: answers `interest` and counts its calls. */
function countingClassifier(interest: Interest) {
  const calls: string[] = [];
  setReplyClassifier({ name: "test", classify: async (text) => (calls.push(text), interest) });
  return calls;
}

async function oneLeadCampaign(options: { aiInterestEnabled?: boolean } = {}) {
  const setup = await campaignWithFirstEmails({ sequence: THREE_EMAILS, leads: [{ email: "ann@prospect.example", firstName: "Ann" }] });
  if (options.aiInterestEnabled) await db.campaign.update({ where: { id: setup.campaign.id }, data: { aiInterestEnabled: true } });
  const sent = setup.byAddress("ann@prospect.example");
  const campaignLead = await db.campaignLead.findFirstOrThrow({ where: { campaignId: setup.campaign.id } });
  return { ...setup, sent, campaignLead };
}

/** A message written by hand, as some mail apps send it. */
function handWritten(headers: Record<string, string>, body: string): string {
  const lines = Object.entries({ Date: now().toUTCString(), "MIME-Version": "1.0", "Content-Type": "text/plain; charset=utf-8", ...headers }).map(([name, value]) => `${name}: ${value}`);
  return `${lines.join("\n")}\n\n${body}\n`;
}

describe("recording replies", () => {
  it("matches a reply by In-Reply-To: the lead replied, email.received with the spec's shape, the conversation unread; read again, nothing", async () => {
    countingClassifier("interested");
    const { clock, workspace, mailbox, sent, campaign, campaignLead } = await oneLeadCampaign();
    clock.advance(HOUR);
    const reply = replyMessage(originalOf(sent), { text: "Sounds good. Tuesday at 10?", fromName: "Ann Smith", at: now() });
    const email = await incoming(reply);

    expect(await recordIncomingEmail(mailbox, email, "7:1")).toBe("reply");
    const stored = await db.emailMessage.findFirstOrThrow({ where: { mailboxId: mailbox.id, direction: "inbound" } });
    expect(stored).toMatchObject({
      kind: "reply",
      leadId: campaignLead.leadId,
      campaignLeadId: campaignLead.id,
      campaignId: campaign.id,
      source: "campaign",
      threadRootId: sent.threadRootId,
      messageId: reply.messageId,
      text: "Sounds good. Tuesday at 10?",
      fromAddress: "ann@prospect.example",
    });
    const after = await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id }, include: { lead: true } });
    expect(after).toMatchObject({ status: "replied", lastReplyAt: now(), interest: null });
    expect(after.lead.lastActivityAt).toEqual(now());
    expect((await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).readCursor).toBe("7:1");

    const received = await outboxEvents(workspace.id, "email.received");
    expect(received.map((event) => event.data)).toEqual([
      {
        source: "campaign",
        accountId: mailbox.id,
        campaignLeadId: campaignLead.id,
        campaignId: campaign.id,
        leadId: campaignLead.leadId,
        chatId: emailChatId(mailbox.id, sent.threadRootId),
        email: { subject: "Re: Quick question, Ann", messageId: reply.messageId },
        message: { text: "Sounds good. Tuesday at 10?", at: now().toISOString() },
        from: { firstName: "Ann", lastName: null, publicIdentifier: null, email: "ann@prospect.example" },
        classification: { interest: null },
      },
    ]);
    expect((await outboxEvents(workspace.id, "lead.status_changed")).map((event) => event.data.newStatus)).toEqual(["replied"]);
    const conversation = await db.conversation.findUniqueOrThrow({ where: { workspaceId_chatId: { workspaceId: workspace.id, chatId: emailChatId(mailbox.id, sent.threadRootId) } } });
    expect(conversation).toMatchObject({ messageCount: 2, inboundCount: 1, unread: true, lastDirection: "inbound", lastMessageText: "Sounds good. Tuesday at 10?", campaignLeadId: campaignLead.id });

    // The same message read again (a crash before the cursor moved): nothing new.
    expect(await recordIncomingEmail(mailbox, email, "7:1")).toBe("duplicate");
    expect(await outboxEvents(workspace.id, "email.received")).toHaveLength(1);
    expect(await db.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).toMatchObject({ messageCount: 2, inboundCount: 1 });

    // A second reply in the thread: email.received again, the lead stays replied (no second status change).
    clock.advance(HOUR);
    await db.conversation.update({ where: { id: conversation.id }, data: { unread: false } });
    const second = replyMessage(originalOf(sent), { text: "Or Wednesday, if that suits you better.", fromName: "Ann Smith", at: now() });
    expect(await recordIncomingEmail(mailbox, await incoming(second), "7:2")).toBe("reply");
    const both = await outboxEvents(workspace.id, "email.received");
    expect(both[1]!.data).toMatchObject({ source: "campaign", campaignLeadId: campaignLead.id, message: { text: "Or Wednesday, if that suits you better." } });
    expect(await outboxEvents(workspace.id, "lead.status_changed")).toHaveLength(1);
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id } })).toMatchObject({ status: "replied", lastReplyAt: after.lastReplyAt });
    expect(await db.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).toMatchObject({ messageCount: 3, inboundCount: 2, unread: true });
  });

  it("matches a reply by References alone, the newest Herald e-mail first", async () => {
    const { clock, workspace, mailbox, sent, campaignLead } = await oneLeadCampaign();
    clock.advance(HOUR);
    const raw = handWritten(
      {
        From: "Ann <ann@prospect.example>",
        To: mailbox.email,
        Subject: "Re: Quick question, Ann",
        "Message-ID": "<refs-only@prospect.example>",
        References: `${sent.messageId} <somebody-else@elsewhere.example>`,
      },
      "Happy to talk.",
    );
    expect(await recordIncomingEmail(mailbox, await incoming(raw), null)).toBe("reply");
    expect(await db.emailMessage.findFirstOrThrow({ where: { messageId: "<refs-only@prospect.example>" } })).toMatchObject({ threadRootId: sent.threadRootId, campaignLeadId: campaignLead.id });
    expect((await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id } })).status).toBe("replied");
    expect((await outboxEvents(workspace.id, "email.received"))[0]!.data).toMatchObject({ campaignLeadId: campaignLead.id, chatId: emailChatId(mailbox.id, sent.threadRootId) });
  });

  it("takes in a lead's reply that carries a warmup header the pool did not write: the header hides nothing", async () => {
    const { clock, workspace, mailbox, sent, campaignLead } = await oneLeadCampaign();
    clock.advance(HOUR);
    // A real pool e-mail to this mailbox: its tag, copied onto another message, is no pass either.
    const poolId = "<wu-real@pool.example>";
    await db.warmupEmail.create({
      data: { fromMailboxId: "mbx_peer", toMailboxId: mailbox.id, messageId: poolId, tag: warmupTag(poolId), status: "sent", date: "2026-03-02", scheduledAt: now(), sentAt: now(), createdAt: now() },
    });
    const tags = ["yes", warmupTag("<made-up@prospect.example>"), warmupTag(poolId)];
    for (const [index, tag] of tags.entries()) {
      const raw = handWritten(
        { From: "Ann <ann@prospect.example>", To: mailbox.email, Subject: "Re: Quick question, Ann", "Message-ID": `<spoof-${index}@prospect.example>`, "In-Reply-To": sent.messageId, "X-Herald-Warmup": tag },
        "Yes, let's talk on Tuesday.",
      );
      expect(await recordIncomingEmail(mailbox, await incoming(raw), null)).toBe("reply");
    }
    const stored = await db.emailMessage.findMany({ where: { mailboxId: mailbox.id, direction: "inbound" }, orderBy: { messageId: "asc" } });
    expect(stored.map((row) => [row.messageId, row.kind, row.leadId, row.campaignLeadId, row.threadRootId])).toEqual(
      tags.map((_, index) => [`<spoof-${index}@prospect.example>`, "reply", campaignLead.leadId, campaignLead.id, sent.threadRootId]),
    );
    expect((await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id } })).status).toBe("replied");
    expect(await db.conversation.findUniqueOrThrow({ where: { workspaceId_chatId: { workspaceId: workspace.id, chatId: emailChatId(mailbox.id, sent.threadRootId) } } })).toMatchObject({
      leadId: campaignLead.leadId,
      inboundCount: 3,
      unread: true,
    });
  });

  it("matches by the sender's address without threading headers: the thread this mailbox wrote in, else a conversation of its own; nobody's mail fires nothing", async () => {
    const { clock, workspace, mailbox, sent, campaignLead } = await oneLeadCampaign();
    clock.advance(HOUR);
    const fresh = handWritten({ From: "ANN@Prospect.Example", To: mailbox.email, Subject: "Our call", "Message-ID": "<no-thread@prospect.example>" }, "Can we talk on Friday?");
    expect(await recordIncomingEmail(mailbox, await incoming(fresh), null)).toBe("reply");
    expect(await db.emailMessage.findFirstOrThrow({ where: { messageId: "<no-thread@prospect.example>" } })).toMatchObject({ threadRootId: sent.threadRootId, campaignLeadId: campaignLead.id });
    expect((await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id } })).status).toBe("replied");

    // A lead of the workspace that no campaign wrote to: its own conversation, a direct reply.
    const other = await db.lead.create({ data: { workspaceId: workspace.id, email: "bob@prospect.example", firstName: "Bob", source: "api", createdAt: now(), updatedAt: now() } });
    const direct = handWritten({ From: "Bob <bob@prospect.example>", To: mailbox.email, Subject: "Hello", "Message-ID": "<bob-1@prospect.example>" }, "A colleague gave me your address.");
    expect(await recordIncomingEmail(mailbox, await incoming(direct), null)).toBe("reply");
    const bobs = (await outboxEvents(workspace.id, "email.received")).filter((event) => event.data.leadId === other.id);
    expect(bobs.map((event) => event.data)).toEqual([
      expect.objectContaining({ source: "direct", campaignLeadId: null, campaignId: null, chatId: emailChatId(mailbox.id, "<bob-1@prospect.example>"), from: expect.objectContaining({ firstName: "Bob", email: "bob@prospect.example" }) }),
    ]);
    expect(await db.conversation.findUnique({ where: { workspaceId_chatId: { workspaceId: workspace.id, chatId: emailChatId(mailbox.id, "<bob-1@prospect.example>") } } })).toMatchObject({ leadId: other.id, unread: true });

    // From nobody Herald knows: kept as unmatched, no event, no conversation.
    const before = await outboxEvents(workspace.id);
    const stranger = handWritten({ From: "someone@unknown.example", To: mailbox.email, Subject: "Hi", "Message-ID": "<stranger@unknown.example>" }, "Who are you?");
    expect(await recordIncomingEmail(mailbox, await incoming(stranger), null)).toBe("unmatched");
    expect(await db.emailMessage.findFirstOrThrow({ where: { messageId: "<stranger@unknown.example>" } })).toMatchObject({ kind: "unmatched", leadId: null });
    expect(await outboxEvents(workspace.id)).toHaveLength(before.length);
    expect(await db.conversation.count({ where: { workspaceId: workspace.id } })).toBe(2);
  });

  it("classifies a reply, spending a credit, only when a campaign sets interest or an endpoint asked; the dispatcher hides it from the others", async () => {
    const calls = countingClassifier("interested");
    // Nobody wants it: no credit, no call, interest unknown.
    const plain = await oneLeadCampaign();
    await db.workspace.update({ where: { id: plain.workspace.id }, data: { aiCreditBalance: 5 } });
    plain.clock.advance(HOUR);
    await recordIncomingEmail(plain.mailbox, await incoming(replyMessage(originalOf(plain.sent), { text: "Yes please", fromName: null, at: now() })), null);
    expect(calls).toEqual([]);
    expect(await db.workspace.findUniqueOrThrow({ where: { id: plain.workspace.id } })).toMatchObject({ aiCreditBalance: 5 });
    expect((await outboxEvents(plain.workspace.id, "email.received"))[0]!.data.classification).toEqual({ interest: null });

    // The campaign sets interest: one credit, the lead's interest by AI.
    const withAi = await oneLeadCampaign({ aiInterestEnabled: true });
    await db.workspace.update({ where: { id: withAi.workspace.id }, data: { aiCreditBalance: 5 } });
    withAi.clock.advance(HOUR);
    await recordIncomingEmail(withAi.mailbox, await incoming(replyMessage(originalOf(withAi.sent), { text: "Yes please, call me", fromName: null, at: now() })), null);
    expect(calls).toEqual(["Yes please, call me"]);
    expect(await db.workspace.findUniqueOrThrow({ where: { id: withAi.workspace.id } })).toMatchObject({ aiCreditBalance: 4 });
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: withAi.campaignLead.id } })).toMatchObject({ status: "replied", interest: "interested", interestBy: "ai" });
    expect((await outboxEvents(withAi.workspace.id, "email.received"))[0]!.data.classification).toEqual({ interest: "interested" });

    // An endpoint asked for classified email.received: one credit, no interest on the lead (the campaign does not set it).
    const withEndpoint = await oneLeadCampaign();
    const workspaceId = withEndpoint.workspace.id;
    await db.workspace.update({ where: { id: workspaceId }, data: { aiCreditBalance: 5 } });
    const endpoint = (classifyReplies: boolean) =>
      db.webhookEndpoint.create({ data: { workspaceId, url: "https://hooks.example/herald", events: ["email.received"], classifyReplies, secretEncrypted: "x", createdAt: now(), updatedAt: now() } });
    const [classified, unclassified] = [await endpoint(true), await endpoint(false)];
    withEndpoint.clock.advance(HOUR);
    await recordIncomingEmail(withEndpoint.mailbox, await incoming(replyMessage(originalOf(withEndpoint.sent), { text: "Tell me more", fromName: null, at: now() })), null);
    expect(calls).toHaveLength(2);
    expect(await db.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).toMatchObject({ aiCreditBalance: 4 });
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: withEndpoint.campaignLead.id } })).toMatchObject({ status: "replied", interest: null });
    await dispatchOutboxEvents();
    const payload = async (webhookId: string) => ((await db.webhookDelivery.findFirstOrThrow({ where: { webhookId, event: "email.received" } })).payload as { data: { classification: unknown } }).data;
    expect((await payload(classified.id)).classification).toEqual({ interest: "interested" });
    expect((await payload(unclassified.id)).classification).toBeNull();

    // Out of credits: unknown, the reply recorded all the same.
    const broke = await oneLeadCampaign({ aiInterestEnabled: true });
    broke.clock.advance(HOUR);
    expect(await recordIncomingEmail(broke.mailbox, await incoming(replyMessage(originalOf(broke.sent), { text: "Sure", fromName: null, at: now() })), null)).toBe("reply");
    expect(calls).toHaveLength(2);
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: broke.campaignLead.id } })).toMatchObject({ status: "replied", interest: null });
  });

  it("keeps an out-of-office without effect: no event, no unread, and the sequence goes on", async () => {
    const { clock, workspace, mailbox, sent, campaignLead, campaign } = await oneLeadCampaign();
    clock.advance(HOUR);
    const away = autoReplyMessage(originalOf(sent), { fromName: "Ann", at: now() });
    expect(await recordIncomingEmail(mailbox, await incoming(away), null)).toBe("auto-reply");
    expect(await db.emailMessage.findFirstOrThrow({ where: { messageId: away.messageId } })).toMatchObject({ kind: "auto-reply", leadId: campaignLead.leadId });
    expect(await outboxEvents(workspace.id, "email.received")).toEqual([]);
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id } })).toMatchObject({ status: "running", lastReplyAt: null, currentStepId: "first" });
    const conversation = await db.conversation.findFirstOrThrow({ where: { workspaceId: workspace.id } });
    expect(conversation).toMatchObject({ messageCount: 2, inboundCount: 0, unread: false });

    await driveCampaigns(clock, new Date(now().getTime() + 50 * HOUR));
    const bump = await db.emailMessage.findMany({ where: { campaignId: campaign.id, direction: "outbound" }, orderBy: { sentAt: "asc" } });
    expect(bump.map((email) => email.subject)).toEqual(["Quick question, Ann", "Re: Quick question, Ann"]);
  });

  it("takes an unsubscribe request sent to the List-Unsubscribe address as an unsubscribe, not a reply", async () => {
    const calls = countingClassifier("not_interested");
    const { clock, workspace, mailbox, campaignLead } = await oneLeadCampaign({ aiInterestEnabled: true });
    await db.workspace.update({ where: { id: workspace.id }, data: { aiCreditBalance: 5 } });
    clock.advance(HOUR);
    const request = handWritten({ From: "ann@prospect.example", To: mailbox.email, Subject: "unsubscribe", "Message-ID": "<unsub@prospect.example>" }, "This message was automatically generated by Gmail.");
    expect(await recordIncomingEmail(mailbox, await incoming(request), null)).toBe("unmatched");
    expect(await db.emailMessage.findFirstOrThrow({ where: { messageId: "<unsub@prospect.example>" } })).toMatchObject({
      kind: "unmatched",
      skipReason: "An unsubscribe request sent to the List-Unsubscribe address: the address is opted out",
    });
    expect(await db.lead.findUniqueOrThrow({ where: { id: campaignLead.leadId } })).toMatchObject({ emailOptOut: true });
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id } })).toMatchObject({ status: "stopped", lastReplyAt: null });
    expect((await outboxEvents(workspace.id, "email.unsubscribed")).map((event) => event.data)).toEqual([
      expect.objectContaining({ accountId: mailbox.id, campaignLeadId: campaignLead.id, source: "one-click", leadStopped: true, email: { address: "ann@prospect.example" } }),
    ]);
    expect(await outboxEvents(workspace.id, "email.received")).toEqual([]);
    expect(await db.conversation.findFirstOrThrow({ where: { workspaceId: workspace.id } })).toMatchObject({ inboundCount: 0, unread: false });
    // Not a reply, so not classified either.
    expect(calls).toEqual([]);
    expect(await db.workspace.findUniqueOrThrow({ where: { id: workspace.id } })).toMatchObject({ aiCreditBalance: 5 });
  });
});
