// Reads a sender's LinkedIn chats into Herald, so that the inbox holds the conversations with leads
// that Herald did not start or did not hear of (a webhook lost, the sender writing on LinkedIn).
//
// The first read backfills the last 30 days as history: the messages are stored, nothing else
// happens (no events, no classification, no campaign reacting to an old reply, and the backfilled
// conversations stay read). Later reads cover the time since the previous one (with an overlap for
// the provider's late indexing) and go through the same path as provider activity: a reply Herald
// missed fires message.received and stops the lead's sequence, a message the sender wrote on
// LinkedIn fires message.sent with source `manual`. Messages are stored once, by their provider id.
//
// Only chats with a lead of the workspace are read: a counterpart who is not a lead is skipped, as
// webhooks skip them (Herald's inbox is about leads; importing the person later and a new message
// in the chat brings the conversation in).
import { db } from "../../db/client";
import type { LinkedinAccount } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { logger } from "../../lib/logger";
import { getLinkedinProvider } from "../../providers/linkedin";
import { LinkedinProviderError, type ChatMessage, type LinkedinProvider, type Page } from "../../providers/linkedin/types";
import { recordChatMessage } from "./record-provider-activity";

const DAY_MS = 86_400_000;
/** How far back the first read of a sender's chats goes. */
export const FIRST_SYNC_DAYS = 30;
/** Later reads start this long before the previous one, for messages the provider indexed late. */
export const SYNC_OVERLAP_MS = 10 * 60_000;
/**
 * A message the sender wrote this recently may be one Herald is still recording as sent (campaign
 * step, inbox reply): it is left to the next read, which the overlap makes cover it, so that it is
 * stored as Herald's and not as a manual one.
 */
export const OWN_MESSAGE_SETTLE_MS = 2 * 60_000;

export type ConversationSyncResult =
  | { state: "synced"; history: boolean; since: string; chats: number; skippedChats: number; stored: number }
  | { state: "skipped"; reason: "unknown-sender" | "not-connected" | "other-provider" }
  | { state: "failed"; code: string };

async function readAll<T>(read: (cursor: string | null) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<T> = await read(cursor);
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return items;
}

/** Backfilled history does not make a conversation unread; one that already was stays so. */
async function keepHistoryRead(sender: LinkedinAccount, chatId: string, wasUnread: boolean): Promise<void> {
  if (wasUnread) return;
  await db.conversation.updateMany({ where: { workspaceId: sender.workspaceId, chatId, unread: true }, data: { unread: false } });
}

async function syncChat(
  provider: LinkedinProvider,
  sender: LinkedinAccount,
  chatId: string,
  window: { since: Date; settledBefore: number; history: boolean },
): Promise<number> {
  const messages = await readAll<ChatMessage>((cursor) => provider.listChatMessages(sender.providerAccountId, chatId, { since: window.since, cursor }));
  const before = window.history
    ? await db.conversation.findUnique({ where: { workspaceId_chatId: { workspaceId: sender.workspaceId, chatId } }, select: { unread: true } })
    : null;
  let stored = 0;
  // Oldest first, so that events (later reads) go out in the order things happened.
  for (const message of messages.sort((a, b) => a.at.localeCompare(b.at))) {
    if (message.isFromSender && Date.parse(message.at) > window.settledBefore) continue;
    if (await recordChatMessage(sender, message, { history: window.history })) stored += 1;
  }
  if (window.history && stored) await keepHistoryRead(sender, chatId, before?.unread === true);
  return stored;
}

/** Reads one sender's chats updated since its previous read (the last 30 days the first time). */
export async function syncSenderConversations(senderId: string): Promise<ConversationSyncResult> {
  const sender = await db.linkedinAccount.findUnique({ where: { id: senderId } });
  if (!sender) return { state: "skipped", reason: "unknown-sender" };
  if (sender.connectionStatus !== "connected") return { state: "skipped", reason: "not-connected" };
  const provider = await getLinkedinProvider();
  if (sender.provider !== provider.name) return { state: "skipped", reason: "other-provider" };

  const startedAt = now();
  const history = sender.conversationsSyncedAt === null;
  const floor = startedAt.getTime() - FIRST_SYNC_DAYS * DAY_MS;
  const since = new Date(history ? floor : Math.max(floor, sender.conversationsSyncedAt!.getTime() - SYNC_OVERLAP_MS));
  const window = { since, settledBefore: startedAt.getTime() - OWN_MESSAGE_SETTLE_MS, history };
  let chats = 0;
  let skippedChats = 0;
  let stored = 0;
  try {
    const listed = await readAll((cursor) => provider.listChats(sender.providerAccountId, { since, cursor }));
    for (const chat of listed) {
      const lead = await db.lead.findFirst({ where: { workspaceId: sender.workspaceId, memberId: chat.counterpartMemberId }, select: { id: true } });
      if (!lead) {
        skippedChats += 1;
        continue;
      }
      chats += 1;
      stored += await syncChat(provider, sender, chat.chatId, window);
    }
  } catch (error) {
    if (!(error instanceof LinkedinProviderError)) throw error;
    // The next read starts from the previous point again: nothing is lost.
    logger.warn("Could not read a sender's LinkedIn chats", { accountId: sender.id, code: error.code, error });
    return { state: "failed", code: error.code };
  }
  await db.linkedinAccount.update({ where: { id: sender.id }, data: { conversationsSyncedAt: startedAt } });
  return { state: "synced", history, since: since.toISOString(), chats, skippedChats, stored };
}
