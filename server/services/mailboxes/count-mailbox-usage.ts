import { db, type DbClient } from "../../db/client";
import { addZonedDays, startOfZonedDay, zonedDateString } from "../../lib/time-zones";

/**
 * The e-mails that count against a mailbox's daily limit: campaign ones that went out or are going
 * out. A bounced one went out too (its server took it; the report came later): it keeps counting.
 */
export const COUNTED_EMAIL_STATUSES = ["sending", "sent", "bounced"];

export interface MailboxUsage {
  /** The mailbox's local date (YYYY-MM-DD) of the day counted. */
  date: string;
  sent: number;
  remaining: number;
}

type UsageSubject = { id: string; timezone: string; dailyLimit: number };

function dayOf(mailbox: UsageSubject, at: Date) {
  const start = startOfZonedDay(at, mailbox.timezone);
  return { start, end: addZonedDays(start, 1, mailbox.timezone), date: zonedDateString(at, mailbox.timezone) };
}

function countedWhere(mailbox: UsageSubject, day: { start: Date; end: Date }) {
  return {
    mailboxId: mailbox.id,
    direction: "outbound",
    source: "campaign",
    status: { in: COUNTED_EMAIL_STATUSES },
    createdAt: { gte: day.start, lt: day.end },
  };
}

/**
 * Campaign e-mails a mailbox sent on the day containing `at`, counted in its timezone, and what its
 * daily limit leaves. An e-mail counts from the moment its intent was written (createdAt), so one
 * being sent when the day's last slot is taken is not sent twice over the limit.
 */
export async function countMailboxUsage(mailbox: UsageSubject, at: Date, client: DbClient = db): Promise<MailboxUsage> {
  const day = dayOf(mailbox, at);
  const sent = await client.emailMessage.count({ where: countedWhere(mailbox, day) });
  return { date: day.date, sent, remaining: Math.max(0, mailbox.dailyLimit - sent) };
}

/** countMailboxUsage for a page of mailboxes in one query (each still counted in its own timezone). */
export async function countMailboxesUsage(mailboxes: UsageSubject[], at: Date, client: DbClient = db): Promise<Map<string, MailboxUsage>> {
  const days = new Map(mailboxes.map((mailbox) => [mailbox.id, dayOf(mailbox, at)]));
  const counts = new Map<string, number>();
  if (mailboxes.length) {
    const rows = await client.emailMessage.groupBy({
      by: ["mailboxId"],
      where: { OR: mailboxes.map((mailbox) => countedWhere(mailbox, days.get(mailbox.id)!)) },
      _count: { _all: true },
    });
    for (const row of rows) counts.set(row.mailboxId, row._count._all);
  }
  return new Map(
    mailboxes.map((mailbox) => {
      const sent = counts.get(mailbox.id) ?? 0;
      return [mailbox.id, { date: days.get(mailbox.id)!.date, sent, remaining: Math.max(0, mailbox.dailyLimit - sent) }];
    }),
  );
}
