// Reading a Unipile sender's chats into Herald, against the fake Unipile answering in the shapes of
// Unipile's reference: history is stored silently, chats with people who are not leads are skipped,
// a second read stores nothing twice, and activity after the first read fires the usual events.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { setLinkedinProvider } from "../../providers/linkedin";
import {
  ACCOUNT_ID,
  MEMBER_ID,
  OTHER_MEMBER_ID,
  OWN_MEMBER_ID,
  chat,
  chatMessagePage,
  chatPage,
  message,
} from "../../test/fakes/unipile/fixtures";
import { withFakeUnipile } from "../../test/fakes/unipile/harness";
import { outboxEvents } from "../../test/factories";
import { SYNC_OVERLAP_MS, syncSenderConversations } from "./sync-sender-conversations";
import { connectUnipileSenderWithLead } from "../../test/unipile-sender";

const h = withFakeUnipile();

/** A connected Unipile sender, Jane Doe as a lead of its workspace, and the fake's chats. */
async function setup() {
  const connected = await connectUnipileSenderWithLead(h);
  h.unipile.on("GET", "/api/v1/chats", (request) => ({ status: 200, body: chatPage(request.query.get("cursor") ? null : "older-chats") }));
  h.unipile.on("GET", "/api/v1/chats/chat-1", { status: 200, body: chat });
  h.unipile.on("GET", "/api/v1/chats/chat-1/messages", (request) => ({ status: 200, body: chatMessagePage("chat-1", MEMBER_ID, request.query.get("cursor") ? null : "earlier") }));
  h.unipile.on("GET", "/api/v1/chats/chat-2/messages", { status: 200, body: chatMessagePage("chat-2", OTHER_MEMBER_ID, null) });
  return connected;
}

/** Unipile's chat list once chat-1 has a message at `at` (newest first, then Herald's non-lead chat). */
function chatsUpdatedAt(at: string) {
  const [, nonLead] = chatPage("next").items;
  h.unipile.on("GET", "/api/v1/chats", { status: 200, body: { object: "ChatList", items: [{ ...chat, timestamp: at }, { ...nonLead, timestamp: at }], cursor: null } });
}

const messageEvents = async (workspaceId: string) =>
  [...(await outboxEvents(workspaceId, "message.received")), ...(await outboxEvents(workspaceId, "message.sent"))];

beforeEach(() => db.linkedinMessage.deleteMany({ where: { chatId: { in: ["chat-1", "chat-2"] } } }));
afterEach(() => setLinkedinProvider(undefined));

describe("syncSenderConversations on Unipile", () => {
  it("backfills the last 30 days of chats with leads as history: stored, read, no events; non-leads and group chats skipped", async () => {
    const { workspace, senderId, lead } = await setup();
    const result = await syncSenderConversations(senderId);
    expect(result).toEqual({ state: "synced", history: true, since: "2025-12-06T12:00:00.000Z", chats: 1, skippedChats: 1, stored: 3 });

    // The chats are read without an `after` filter (it is on creation time), newest first.
    expect(h.unipile.requests("GET", "/api/v1/chats").map((request) => request.query.get("account_id"))).toEqual([ACCOUNT_ID, ACCOUNT_ID]);
    expect(h.unipile.requests("GET", "/api/v1/chats/chat-2/messages")).toHaveLength(0);
    expect(h.unipile.requests("GET", "/api/v1/chats/chat-1/messages")[0]!.query.get("after")).toBe("2025-12-06T12:00:00.000Z");

    const stored = await db.linkedinMessage.findMany({ where: { leadId: lead.id }, orderBy: { at: "asc" } });
    expect(stored.map(({ providerMessageId, direction, source, chatId, accountId }) => ({ providerMessageId, direction, source, chatId, accountId }))).toEqual([
      { providerMessageId: "chat1-first", direction: "outbound", source: "manual", chatId: "chat-1", accountId: senderId },
      { providerMessageId: "chat1-own", direction: "outbound", source: "manual", chatId: "chat-1", accountId: senderId },
      { providerMessageId: "chat1-reply", direction: "inbound", source: "direct", chatId: "chat-1", accountId: senderId },
    ]);
    expect(await db.linkedinMessage.count({ where: { chatId: "chat-2" } })).toBe(0);
    expect(await messageEvents(workspace.id)).toEqual([]);

    const conversation = await db.conversation.findUniqueOrThrow({ where: { workspaceId_chatId: { workspaceId: workspace.id, chatId: "chat-1" } } });
    expect(conversation).toMatchObject({ channel: "linkedin", leadId: lead.id, messageCount: 3, inboundCount: 1, unread: false, lastMessageText: "Sounds good, let's talk" });
    expect(await db.linkedinAccount.findUniqueOrThrow({ where: { id: senderId } })).toMatchObject({ conversationsSyncedAt: h.clock.now() });
  });

  it("stores nothing twice on the next read, which starts just before the previous one", async () => {
    const { workspace, senderId } = await setup();
    await syncSenderConversations(senderId);
    const firstAt = h.clock.now();
    h.clock.advance(15 * 60_000);
    h.unipile.received.length = 0;
    // Unipile lists chat-1 as active again, and answers its messages as before (the fake ignores `after`).
    chatsUpdatedAt("2026-01-05T12:05:00.000Z");

    const since = new Date(firstAt.getTime() - SYNC_OVERLAP_MS).toISOString();
    expect(await syncSenderConversations(senderId)).toEqual({ state: "synced", history: false, since, chats: 1, skippedChats: 1, stored: 0 });
    expect(h.unipile.requests("GET", "/api/v1/chats/chat-1/messages")[0]!.query.get("after")).toBe(since);
    expect(await db.linkedinMessage.count({ where: { chatId: "chat-1" } })).toBe(3);
    expect(await messageEvents(workspace.id)).toEqual([]);
  });

  it("fires the usual events for what happened after the first read: a reply Herald missed, and a message the sender wrote on LinkedIn", async () => {
    const { workspace, senderId, lead } = await setup();
    await syncSenderConversations(senderId);
    h.clock.advance(15 * 60_000);
    const newer = [
      message({ id: "chat1-late-reply", chat_id: "chat-1", sender_id: MEMBER_ID, text: "Are you free Thursday?", timestamp: "2026-01-05T12:10:00.000Z", is_sender: 0 }),
      message({ id: "chat1-on-linkedin", chat_id: "chat-1", sender_id: OWN_MEMBER_ID, text: "Thursday works", timestamp: "2026-01-05T12:05:00.000Z", is_sender: 1 }),
    ];
    chatsUpdatedAt("2026-01-05T12:10:00.000Z");
    h.unipile.on("GET", "/api/v1/chats/chat-1/messages", { status: 200, body: { object: "MessageList", items: newer, cursor: null } });

    expect(await syncSenderConversations(senderId)).toMatchObject({ state: "synced", history: false, stored: 2 });
    const sent = await outboxEvents(workspace.id, "message.sent");
    const received = await outboxEvents(workspace.id, "message.received");
    expect(sent.map((event) => event.data)).toEqual([
      expect.objectContaining({ source: "manual", accountId: senderId, leadId: lead.id, chatId: "chat-1", message: { text: "Thursday works", at: "2026-01-05T12:05:00.000Z" } }),
    ]);
    expect(received.map((event) => event.data)).toEqual([
      expect.objectContaining({ source: "direct", accountId: senderId, leadId: lead.id, chatId: "chat-1", message: { text: "Are you free Thursday?", at: "2026-01-05T12:10:00.000Z" } }),
    ]);
    const conversation = await db.conversation.findUniqueOrThrow({ where: { workspaceId_chatId: { workspaceId: workspace.id, chatId: "chat-1" } } });
    expect(conversation).toMatchObject({ messageCount: 5, unread: true, lastMessageText: "Are you free Thursday?" });
  });

  it("leaves a message the sender wrote moments ago to the next read, when Herald may still be recording it as its own", async () => {
    const { workspace, senderId } = await setup();
    await syncSenderConversations(senderId);
    h.clock.advance(15 * 60_000);
    const justNow = new Date(h.clock.now().getTime() - 30_000).toISOString();
    chatsUpdatedAt(justNow);
    h.unipile.on("GET", "/api/v1/chats/chat-1/messages", {
      status: 200,
      body: { object: "MessageList", items: [message({ id: "chat1-just-sent", chat_id: "chat-1", sender_id: OWN_MEMBER_ID, text: "Just sent", timestamp: justNow, is_sender: 1 })], cursor: null },
    });
    expect(await syncSenderConversations(senderId)).toMatchObject({ state: "synced", stored: 0 });
    h.clock.advance(15 * 60_000);
    expect(await syncSenderConversations(senderId)).toMatchObject({ state: "synced", stored: 1 });
    expect(await outboxEvents(workspace.id, "message.sent")).toHaveLength(1);
  });

  it("keeps the previous point when Unipile fails, so that the next read covers the same time", async () => {
    const { senderId } = await setup();
    h.unipile.on("GET", "/api/v1/chats", { status: 401, body: { title: "Disconnected", type: "errors/disconnected_account", status: 401 } });
    expect(await syncSenderConversations(senderId)).toEqual({ state: "failed", code: "session-expired" });
    expect(await db.linkedinAccount.findUniqueOrThrow({ where: { id: senderId } })).toMatchObject({ conversationsSyncedAt: null });
    expect(await syncSenderConversations("acc_missing")).toEqual({ state: "skipped", reason: "unknown-sender" });
  });
});
