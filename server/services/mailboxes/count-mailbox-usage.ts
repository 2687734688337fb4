import { db, type DbClient } from "../../db/client";
import { startOfZonedDay, zonedDateString } from "../../lib/time-zones";

/** The e-mails that count against a mailbox's daily limit: campaign ones that went out or are going out. */
export const COUNTED_EMAIL_STATUSES = ["sending", "sent"];

/**
 * Campaign e-mails a mailbox sent on the day containing `at`, counted in its timezone, and what its
 * daily limit leaves. An e-mail counts from the moment its intent was written (createdAt), so one
 * being sent when the day's last slot is taken is not sent twice over the limit.
 */
export async function countMailboxUsage(
  mailbox: { id: string; timezone: string; dailyLimit: number },
  at: Date,
  client: DbClient = db,
): Promise<{ date: string; sent: number; remaining: number }> {
  const dayStart = startOfZonedDay(at, mailbox.timezone);
  // A local day lasts 23 to 25 hours: 26 hours after its start always falls in the next one.
  const nextDayStart = startOfZonedDay(new Date(dayStart.getTime() + 26 * 3_600_000), mailbox.timezone);
  const sent = await client.emailMessage.count({
    where: {
      mailboxId: mailbox.id,
      direction: "outbound",
      source: "campaign",
      status: { in: COUNTED_EMAIL_STATUSES },
      createdAt: { gte: dayStart, lt: nextDayStart },
    },
  });
  return { date: zonedDateString(at, mailbox.timezone), sent, remaining: Math.max(0, mailbox.dailyLimit - sent) };
}
