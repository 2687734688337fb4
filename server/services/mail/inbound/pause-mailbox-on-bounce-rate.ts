// After a bounce or a complaint: a mailbox whose recipients bounce or complain too often over its
// recent sending pauses itself (decideMailboxPause), once, with account.paused. Its rates count from
// its latest pause, so resuming it gives it a fresh start instead of pausing it at the next bounce.
import type { Prisma } from "../../../db/client";
import { env } from "../../../env";
import { now } from "../../../lib/clock";
import { logger } from "../../../lib/logger";
import { decideMailboxPause, mailboxPauseMessage, MAILBOX_RATE_WINDOW_MS, type MailboxPauseReason, type MailboxSendingFacts } from "../../../domain/mail/decide-mailbox-pause";
import type { Emit } from "../../events/with-outbox";
import { emitMailboxEvent } from "../mailboxes/emit-mailbox-event";

/** Pauses the mailbox when its bounce or complaint rate is past the threshold; returns why, or null. */
export async function pauseMailboxOnBounceRate(tx: Prisma.TransactionClient, emit: Emit, mailboxId: string): Promise<MailboxPauseReason | null> {
  const mailbox = await tx.mailbox.findUnique({ where: { id: mailboxId }, select: { paused: true, pausedAt: true } });
  if (!mailbox || mailbox.paused) return null;
  const at = now();
  const windowStart = new Date(at.getTime() - MAILBOX_RATE_WINDOW_MS);
  const since = mailbox.pausedAt && mailbox.pausedAt > windowStart ? mailbox.pausedAt : windowStart;
  const [facts] = await tx.$queryRaw<MailboxSendingFacts[]>`
    SELECT count(*)::int AS sent,
           count(*) FILTER (WHERE "bounceKind" = 'hard')::int AS bounced,
           count(*) FILTER (WHERE "complainedAt" IS NOT NULL)::int AS complained
      FROM "EmailMessage"
     WHERE "mailboxId" = ${mailboxId} AND direction = 'outbound'
       AND "sentAt" >= (${since.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
  if (!facts) return null;
  const settings = env();
  const reason = decideMailboxPause(facts, {
    maxBounceRate: settings.HERALD_MAILBOX_MAX_BOUNCE_RATE / 100,
    maxComplaintRate: settings.HERALD_MAILBOX_MAX_COMPLAINT_RATE / 100,
  });
  if (!reason) return null;
  // Re-checked under the row lock: two reports at once pause it once.
  const changed = await tx.mailbox.updateMany({ where: { id: mailboxId, paused: false }, data: { paused: true, pausedReason: reason, pausedAt: at, updatedAt: at } });
  if (!changed.count) return null;
  const message = mailboxPauseMessage(reason, facts);
  logger.warn("A mailbox paused itself", { mailboxId, reason, ...facts });
  const row = await tx.mailbox.findUniqueOrThrow({ where: { id: mailboxId } });
  await emitMailboxEvent(tx, emit, row, "account.paused", { reason: message });
  return reason;
}
