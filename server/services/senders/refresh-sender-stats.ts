import { db, Prisma } from "../../db/client";
import { now } from "../../lib/clock";
import { logger } from "../../lib/logger";
import { getLinkedinProvider } from "../../providers/linkedin";
import { recordSenderSessionState } from "./record-sender-session-state";
import { resumeSenderById } from "./resume-sender";

/**
 * Re-reads each connected sender's session state, InMail credits and SSI. A sender paused because it
 * ran out of InMail credits resumes when credits return (account.resumed).
 */
export async function refreshSenderStats(): Promise<{ senders: number }> {
  const provider = await getLinkedinProvider();
  const senders = await db.linkedinAccount.findMany({ where: { provider: provider.name, connectionStatus: { in: ["connected", "reconnect_required"] } } });
  for (const sender of senders) {
    try {
      const state = await provider.getAccountState(sender.providerAccountId);
      await recordSenderSessionState(sender, state);
      if (state !== "ok") continue;
      const [balance, ssi] = await Promise.all([
        provider.getInmailBalance(sender.providerAccountId).catch(() => null),
        provider.getSsi(sender.providerAccountId).catch(() => null),
      ]);
      const at = now();
      await db.linkedinAccount.update({
        where: { id: sender.id },
        data: {
          ...(balance === null ? {} : { inmailBalance: balance, inmailSyncedAt: at }),
          ssi: (ssi ? { ...ssi, unavailable: false, syncedAt: at.toISOString() } : { unavailable: true, syncedAt: at.toISOString() }) as Prisma.InputJsonValue,
        },
      });
      if (sender.paused && sender.pausedReason === "no-inmail-credits" && balance !== null && balance > 0) {
        await resumeSenderById(sender.workspaceId, sender.id);
      }
    } catch (error) {
      logger.warn("Could not refresh a sender", { accountId: sender.id, error });
    }
  }
  return { senders: senders.length };
}
