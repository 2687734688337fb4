import { db, type DbClient } from "../../db/client";
import { now } from "../../lib/clock";
import { startOfZonedDay, startOfZonedWeek, zonedDateString } from "../../lib/time-zones";
import type { TDailyCaps, TSenderUsage } from "../../schemas/sender";
import { CAP_OF_ACTION, COUNTED_STATUSES } from "../../domain/sender-limits";

/** What a sender used today and this week, counted in its timezone. */
export async function countSenderUsage(account: { id: string; timezone: string }, client: DbClient = db): Promise<TSenderUsage> {
  const current = now();
  const dayStart = startOfZonedDay(current, account.timezone);
  const weekStart = startOfZonedWeek(current, account.timezone);
  const rows = await client.senderAction.groupBy({
    by: ["type"],
    where: { accountId: account.id, status: { in: COUNTED_STATUSES }, createdAt: { gte: dayStart } },
    _count: { _all: true },
  });
  const weekInvitations = await client.senderAction.count({
    where: { accountId: account.id, type: "invitation", status: { in: COUNTED_STATUSES }, createdAt: { gte: weekStart } },
  });
  const day: TDailyCaps = { invitations: 0, profileViews: 0, postLikes: 0, messages: 0, inmails: 0, comments: 0 };
  for (const row of rows) {
    const cap = CAP_OF_ACTION[row.type];
    if (cap) day[cap] += row._count._all;
  }
  return {
    timezone: account.timezone,
    day: { ...day, date: zonedDateString(current, account.timezone) },
    week: { startsOn: zonedDateString(weekStart, account.timezone), invitations: weekInvitations },
  };
}
