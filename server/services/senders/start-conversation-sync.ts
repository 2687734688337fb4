import { inngest } from "@/inngest/client";
import { senderConversationsSync } from "@/inngest/events";
import { jobRunnerConfigured } from "@/inngest/connection";
import type { LinkedinAccount } from "../../db/generated/client";
import { logger } from "../../lib/logger";

/**
 * Asks for a read of a just-connected sender's LinkedIn chats (its first one backfills the last 30
 * days into the inbox). Best effort, after the connection is committed: without a job runner, or
 * when it cannot be reached, the periodic read (every 15 minutes) does it.
 */
export async function startConversationSync(row: LinkedinAccount): Promise<void> {
  if (row.connectionStatus !== "connected" || !jobRunnerConfigured()) return;
  try {
    await inngest.send(senderConversationsSync.create({ senderId: row.id }));
  } catch (error) {
    logger.warn("Could not ask for the read of a sender's LinkedIn chats; the periodic read does it", { error, accountId: row.id });
  }
}
