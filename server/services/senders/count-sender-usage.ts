// A sender's usage, read from its daily counters (SenderDailyUsage, kept by a trigger on
// SenderAction in the same transaction as each action): one indexed read of at most seven rows
// instead of counting the sender's actions.
import { db, type DbClient } from "../../db/client";
import { now } from "../../lib/clock";
import { startOfZonedWeek, zonedDateString } from "../../lib/time-zones";
import type { TDailyCaps, TSenderUsage } from "../../schemas/sender";

/** A SenderDailyUsage row; `day` a DATE (a Date at UTC midnight, or its ISO date from JSON). */
export type UsageRow = { day: Date | string } & TDailyCaps;

const CAP_NAMES = ["invitations", "profileViews", "postLikes", "messages", "inmails", "comments", "follows"] as const satisfies ReadonlyArray<keyof TDailyCaps>;

/**
 * Counter rows packed as JSON by a raw statement (jsonb_agg of SenderDailyUsage rows): the rows that
 * carry a day and the counts (null is none).
 */
export function usageRowsFrom(value: unknown): UsageRow[] {
  if (!Array.isArray(value)) return [];
  return value.filter((row): row is UsageRow => typeof row === "object" && row !== null && "day" in row && CAP_NAMES.every((cap) => typeof (row as Record<string, unknown>)[cap] === "number"));
}

/** A counter row's day (a DATE column) as the sender's local date string. */
function dayString(day: Date | string): string {
  return typeof day === "string" ? day.slice(0, 10) : day.toISOString().slice(0, 10);
}

/** Today and this week's first and next week's first day (the sender's week, in its timezone), as dates. */
function weekWindow(account: { timezone: string }, at: Date) {
  const today = zonedDateString(at, account.timezone);
  const weekStart = zonedDateString(startOfZonedWeek(at, account.timezone), account.timezone);
  const nextWeekStart = new Date(Date.parse(`${weekStart}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  return { today, weekStart, nextWeekStart };
}

/**
 * A sender's usage from its counter rows (any rows: those outside its current week are left out).
 * The week counts all of its days, a later one's too: a reservation just past local midnight can be
 * counted before an earlier one checks its caps, and the weekly limit must see it.
 */
export function usageFrom(rows: UsageRow[], account: { timezone: string }, at: Date): TSenderUsage {
  const { today, weekStart, nextWeekStart } = weekWindow(account, at);
  const day: TDailyCaps = { invitations: 0, profileViews: 0, postLikes: 0, messages: 0, inmails: 0, comments: 0, follows: 0 };
  let weekInvitations = 0;
  for (const row of rows) {
    const date = dayString(row.day);
    if (date < weekStart || date >= nextWeekStart) continue;
    weekInvitations += row.invitations;
    if (date === today) for (const cap of CAP_NAMES) day[cap] = row[cap];
  }
  return { timezone: account.timezone, day: { ...day, date: today }, week: { startsOn: weekStart, invitations: weekInvitations } };
}

/**
 * What a sender used on the day of `at` (by default now) and in its week, counted in its timezone. A
 * reservation passes the time its action was counted at: the clock may have passed the sender's
 * midnight while the reservation waited for the sender's lock.
 */
export async function countSenderUsage(account: { id: string; timezone: string }, client: DbClient = db, at: Date = now()): Promise<TSenderUsage> {
  return (await countSendersUsage([account], client, at)).get(account.id)!;
}

/** What each sender used on the day of `at` (by default now) and in its week, in one query. */
export async function countSendersUsage(
  accounts: Array<{ id: string; timezone: string }>,
  client: DbClient = db,
  at: Date = now(),
): Promise<Map<string, TSenderUsage>> {
  const usage = new Map<string, TSenderUsage>();
  if (!accounts.length) return usage;
  // The earliest week start among the senders (timezones differ): each sender's rows are then filtered to its own week.
  const earliest = accounts.map((account) => weekWindow(account, at).weekStart).sort()[0]!;
  const rows = await client.senderDailyUsage.findMany({
    where: { accountId: { in: accounts.map((account) => account.id) }, day: { gte: new Date(`${earliest}T00:00:00Z`) } },
  });
  const byAccount = new Map<string, UsageRow[]>();
  for (const row of rows) byAccount.set(row.accountId, [...(byAccount.get(row.accountId) ?? []), row]);
  for (const account of accounts) usage.set(account.id, usageFrom(byAccount.get(account.id) ?? [], account, at));
  return usage;
}
