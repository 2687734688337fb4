// A participant's WarmupDay rows, recomputed from the pool's e-mails (absolute counts, so a tick
// that runs twice, or two at once, writes the same figures). The sender's side of a date: sent, and
// where its mail landed; the recipient's side: received (found), opened, replied, rescued, on the
// recipient's own local date of finding it. Health (healthScore) is left to the warmup sync, which
// reads these rows.
import { Prisma } from "../../../db/generated/client";
import { db } from "../../../db/client";
import { warmupDayOn, warmupVolumeOnDay } from "../../../domain/mail/warmup-ramp";
import { addZonedDays, zonedDateString } from "../../../lib/time-zones";
import type { PoolParticipant } from "./pool-participants";

interface DayFigures {
  sent: number;
  inbox: number;
  spam: number;
  promotions: number;
  received: number;
  opened: number;
  replied: number;
  rescued: number;
}

const EMPTY: DayFigures = { sent: 0, inbox: 0, spam: 0, promotions: 0, received: 0, opened: 0, replied: 0, rescued: 0 };

/** The participant's local date of `at` and the one before (mail of yesterday is still found after midnight). */
export function recentDates(participant: PoolParticipant, at: Date): string[] {
  const yesterday = zonedDateString(addZonedDays(at, -1, participant.mailbox.timezone), participant.mailbox.timezone);
  return [...new Set([yesterday, participant.date])];
}

export async function recomputeWarmupDays(at: Date, participants: PoolParticipant[]): Promise<void> {
  if (!participants.length) return;
  const pairs = participants.flatMap((participant) => recentDates(participant, at).map((date) => ({ participant, date })));
  const ids = participants.map((participant) => participant.mailbox.id);
  const dates = [...new Set(pairs.map((pair) => pair.date))];
  const sending = await db.$queryRaw<Array<{ id: string; date: string; sent: bigint; inbox: bigint; spam: bigint; promotions: bigint }>>(Prisma.sql`
    SELECT "fromMailboxId" AS id, date,
      count(*) FILTER (WHERE status = 'sent') AS sent,
      count(*) FILTER (WHERE landing = 'inbox') AS inbox,
      count(*) FILTER (WHERE landing = 'spam') AS spam,
      count(*) FILTER (WHERE landing = 'promotions') AS promotions
    FROM "WarmupEmail" WHERE "fromMailboxId" IN (${Prisma.join(ids)}) AND date IN (${Prisma.join(dates)})
    GROUP BY 1, 2`);
  // foundAt is stored in UTC (timestamp without zone); the recipient's date is in its own timezone.
  const since = new Date(at.getTime() - 3 * 86_400_000);
  const receiving = await db.$queryRaw<Array<{ id: string; date: string; received: bigint; opened: bigint; replied: bigint; rescued: bigint }>>(Prisma.sql`
    SELECT w."toMailboxId" AS id, to_char((w."foundAt" AT TIME ZONE 'UTC') AT TIME ZONE m.timezone, 'YYYY-MM-DD') AS date,
      count(*) AS received, count(w."openedAt") AS opened, count(w."repliedAt") AS replied, count(w."rescuedAt") AS rescued
    FROM "WarmupEmail" w JOIN "Mailbox" m ON m.id = w."toMailboxId"
    WHERE w."toMailboxId" IN (${Prisma.join(ids)}) AND w."foundAt" >= ${since}
    GROUP BY 1, 2`);
  const figures = new Map<string, DayFigures>();
  const figure = (id: string, date: string) => {
    const key = `${id}|${date}`;
    let entry = figures.get(key);
    if (!entry) figures.set(key, (entry = { ...EMPTY }));
    return entry;
  };
  for (const row of sending) Object.assign(figure(row.id, row.date), { sent: Number(row.sent), inbox: Number(row.inbox), spam: Number(row.spam), promotions: Number(row.promotions) });
  for (const row of receiving) Object.assign(figure(row.id, row.date), { received: Number(row.received), opened: Number(row.opened), replied: Number(row.replied), rescued: Number(row.rescued) });

  const rows = pairs.flatMap(({ participant, date }) => {
    const values = figures.get(`${participant.mailbox.id}|${date}`) ?? (date === participant.date ? { ...EMPTY } : null);
    if (!values) return [];
    const warmup = participant.warmup;
    const day = warmupDayOn({ status: warmup.status as "warming", day: warmup.day, dayDate: warmup.dayDate }, date);
    const v = values;
    return [Prisma.sql`(${participant.mailbox.id}, ${date}, ${day}, ${warmupVolumeOnDay(participant.strategy, day)}, ${v.sent}, ${v.inbox}, ${v.spam}, ${v.promotions}, ${v.received}, ${v.opened}, ${v.replied}, ${v.rescued}, ${at})`];
  });
  if (!rows.length) return;
  // One statement for all of them: a tick touches two days of every mailbox it works on.
  await db.$executeRaw(Prisma.sql`
    INSERT INTO "WarmupDay" ("mailboxId", date, day, planned, sent, inbox, spam, promotions, received, opened, replied, rescued, "updatedAt")
    VALUES ${Prisma.join(rows)}
    ON CONFLICT ("mailboxId", date) DO UPDATE SET day = EXCLUDED.day, planned = EXCLUDED.planned, sent = EXCLUDED.sent, inbox = EXCLUDED.inbox,
      spam = EXCLUDED.spam, promotions = EXCLUDED.promotions, received = EXCLUDED.received, opened = EXCLUDED.opened,
      replied = EXCLUDED.replied, rescued = EXCLUDED.rescued, "updatedAt" = EXCLUDED."updatedAt"`);
}
