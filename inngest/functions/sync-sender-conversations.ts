// Reads senders' LinkedIn chats into Herald (server/services/linkedin-activity/sync-sender-conversations.ts).
// A `herald/sender-conversations.sync` event (sent when a sender connects) reads one sender; the
// cron, every 15 minutes, sends that event for every connected sender, so that with an Inngest
// server the reads are shared out between Herald processes. One read per sender at a time.
import { cron } from "inngest";
import { listConversationSyncSenders } from "@/server/services/linkedin-activity/list-conversation-sync-senders";
import { syncSenderConversations } from "@/server/services/linkedin-activity/sync-sender-conversations";
import { inngest } from "../client";
import { senderConversationsSync } from "../events";

export const CONVERSATION_SYNC_CRON = "*/15 * * * *";
/** Events per sendEvent step, well inside an Inngest server's request size. */
export const SYNCS_PER_SEND = 500;

export const syncSenderConversationsFunction = inngest.createFunction(
  {
    id: "sync-sender-conversations",
    name: "Read senders' LinkedIn chats into the inbox",
    triggers: [senderConversationsSync, cron(CONVERSATION_SYNC_CRON)],
    // The cron's runs have no sender: they share one key, and a cron run never overlaps another.
    concurrency: { key: "event.data.senderId", limit: 1 },
    retries: 2,
  },
  async ({ event, step }) => {
    if (event.name === senderConversationsSync.name) {
      const { senderId } = event.data;
      return step.run("sync", () => syncSenderConversations(senderId));
    }
    const senderIds = await step.run("list-senders", () => listConversationSyncSenders());
    for (let start = 0; start < senderIds.length; start += SYNCS_PER_SEND) {
      await step.sendEvent(
        `sync-senders-${start / SYNCS_PER_SEND}`,
        senderIds.slice(start, start + SYNCS_PER_SEND).map((senderId) => senderConversationsSync.create({ senderId })),
      );
    }
    return { senders: senderIds.length };
  },
);
