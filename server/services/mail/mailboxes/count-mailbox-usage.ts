import { db, type DbClient } from "../../../db/client";
import { WARMUP_CAP_COLUMNS, warmupCapFacts, type WarmupCapRow } from "../../../domain/mail/warmup-cap-facts";
import { warmupCampaignCap } from "../../../domain/mail/warmup-ramp";
import { addZonedDays, startOfZonedDay, zonedDateString } from "../../../lib/time-zones";

/**
 * The e-mails that count against a mailbox's daily limit: campaign ones that went out or are going
 * out. A bounced one went out too (its server took it; the report came later): it keeps counting.
 */
export const COUNTED_EMAIL_STATUSES = ["sending", "sent", "bounced"];

export interface MailboxUsage {
  /** The mailbox's local date (YYYY-MM-DD) of the day counted. */
  date: string;
  sent: number;
  /** What the day allows beyond `sent`: the daily limit, lowered by warmup's hold and ramp (warmupCampaignCap). */
  remaining: number;
}

type UsageSubject = { id: string; timezone: string; dailyLimit: number };

function dayOf(mailbox: UsageSubject, at: Date) {
  const start = startOfZonedDay(at, mailbox.timezone);
  return { start, end: addZonedDays(start, 1, mailbox.timezone), date: zonedDateString(at, mailbox.timezone) };
}

/** The day's allowance: the daily limit, or less while warmup holds campaigns or ramps up. */
function allowance(mailbox: UsageSubject, warmup: WarmupCapRow | null | undefined, at: Date, date: string): number {
  return warmupCampaignCap(warmupCapFacts(warmup), mailbox.dailyLimit, at.getTime(), date);
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
 * being sent when the day's last slot is taken is not sent twice over the limit. A warming mailbox's
 * limit is its campaign cap (0 during the hold, the ramp's volume after): the executor's turns, the
 * usage shown and the forecast's starting point all read it here.
 */
export async function countMailboxUsage(mailbox: UsageSubject, at: Date, client: DbClient = db): Promise<MailboxUsage> {
  const day = dayOf(mailbox, at);
  const [sent, warmup] = await Promise.all([
    client.emailMessage.count({ where: countedWhere(mailbox, day) }),
    client.mailboxWarmup.findUnique({ where: { mailboxId: mailbox.id }, select: WARMUP_CAP_COLUMNS }),
  ]);
  return { date: day.date, sent, remaining: Math.max(0, allowance(mailbox, warmup, at, day.date) - sent) };
}

/** countMailboxUsage for a page of mailboxes in two queries run together (each still counted in its own timezone). */
export async function countMailboxesUsage(mailboxes: UsageSubject[], at: Date, client: DbClient = db): Promise<Map<string, MailboxUsage>> {
  const days = new Map(mailboxes.map((mailbox) => [mailbox.id, dayOf(mailbox, at)]));
  const counts = new Map<string, number>();
  const warmups = new Map<string, WarmupCapRow>();
  if (mailboxes.length) {
    const [rows, warmupRows] = await Promise.all([
      client.emailMessage.groupBy({
        by: ["mailboxId"],
        where: { OR: mailboxes.map((mailbox) => countedWhere(mailbox, days.get(mailbox.id)!)) },
        _count: { _all: true },
      }),
      client.mailboxWarmup.findMany({ where: { mailboxId: { in: mailboxes.map((mailbox) => mailbox.id) } }, select: { mailboxId: true, ...WARMUP_CAP_COLUMNS } }),
    ]);
    for (const row of rows) counts.set(row.mailboxId, row._count._all);
    for (const row of warmupRows) warmups.set(row.mailboxId, row);
  }
  return new Map(
    mailboxes.map((mailbox) => {
      const sent = counts.get(mailbox.id) ?? 0;
      const date = days.get(mailbox.id)!.date;
      return [mailbox.id, { date, sent, remaining: Math.max(0, allowance(mailbox, warmups.get(mailbox.id), at, date) - sent) }];
    }),
  );
}
