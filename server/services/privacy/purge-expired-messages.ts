// Messages past their workspace's retention (Workspace.messageRetentionDays; null keeps them for
// good): e-mails and LinkedIn messages older than the setting go with their stored audio, and
// conversations whose last message is older too (their last text is a copy of a message). Run by the
// hourly purge (inngest/functions/purge-expired-records.ts). One statement per table for every
// workspace at once: the work does not grow with the number of workspaces. The outbound e-mails of a
// campaign lead still in progress (pending, running, paused) stay past the setting: its next e-mail
// threads onto them and the first-e-mail notice is decided by them; they go once the lead is done,
// failed, stopped or replied.
import { db } from "../../db/client";
import { now } from "../../lib/clock";
import { logger } from "../../lib/logger";
import { getFileStorage } from "../../providers/storage";

export async function purgeExpiredMessages(): Promise<{ emailMessages: number; linkedinMessages: number; conversations: number }> {
  const at = now().toISOString();
  const emailMessages = await db.$executeRaw`
    DELETE FROM "EmailMessage" m USING "Workspace" w
    WHERE m."workspaceId" = w.id AND w."messageRetentionDays" IS NOT NULL
      AND coalesce(m."sentAt", m."createdAt") < (${at}::timestamptz AT TIME ZONE 'UTC') - make_interval(days => w."messageRetentionDays")
      AND NOT (m.direction = 'outbound' AND m."campaignLeadId" IS NOT NULL AND EXISTS (
        SELECT 1 FROM "CampaignLead" c WHERE c.id = m."campaignLeadId" AND c.status IN ('pending', 'running', 'paused')))`;
  const linkedin = await db.$queryRaw<Array<{ key: string | null }>>`
    DELETE FROM "LinkedinMessage" m USING "Workspace" w
    WHERE m."workspaceId" = w.id AND w."messageRetentionDays" IS NOT NULL
      AND m."at" < (${at}::timestamptz AT TIME ZONE 'UTC') - make_interval(days => w."messageRetentionDays")
    RETURNING m.voice->>'audioKey' AS key`;
  const conversations = await db.$executeRaw`
    DELETE FROM "Conversation" c USING "Workspace" w
    WHERE c."workspaceId" = w.id AND w."messageRetentionDays" IS NOT NULL
      AND c."lastMessageAt" < (${at}::timestamptz AT TIME ZONE 'UTC') - make_interval(days => w."messageRetentionDays")`;
  const storage = getFileStorage();
  for (const { key } of linkedin) {
    if (!key) continue;
    try {
      await storage.delete(key);
    } catch (error) {
      logger.warn("An expired voice message's audio could not be deleted; the next purge does not retry it", { key, error });
    }
  }
  return { emailMessages, linkedinMessages: linkedin.length, conversations };
}
