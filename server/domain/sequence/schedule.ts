// When a campaign may act: inside its start and end dates, on its active days, between its active
// hours, in its timezone. activeDays uses ISO numbering (1 = Monday … 7 = Sunday); 0 is accepted
// as Sunday too, as in cron. Active hours are [from, to): `to` is exclusive and may be "24:00",
// the end of the day, so 00:00–24:00 is open around the clock ("from" is 00:00 to 23:59).
import { stableFraction } from "./stable-hash";
import { addZonedDays, zonedParts, zonedTimeToUtc } from "../../lib/time-zones";
import { END_OF_DAY } from "../../schemas/active-hours";

export interface Schedule {
  startDate?: string | null;
  endDate?: string | null;
  timezone: string;
  activeHours: { from: string; to: string };
  activeDays: number[];
}

export const DEFAULT_SCHEDULE: Schedule = {
  timezone: "UTC",
  activeHours: { from: "09:00", to: "19:00" },
  activeDays: [1, 2, 3, 4, 5],
};

/** Minutes after local midnight: "09:30" is 570, END_OF_DAY is 1440. */
function minutesOf(hhmm: string): number {
  const [hours, minutes] = hhmm.split(":").map(Number);
  return hours! * 60 + minutes!;
}

function activeDay(schedule: Schedule, isoWeekday: number): boolean {
  return schedule.activeDays.some((day) => day === isoWeekday || (day === 0 && isoWeekday === 7));
}

export function isWithinSchedule(schedule: Schedule, at: Date): boolean {
  if (schedule.startDate && at < new Date(schedule.startDate)) return false;
  if (schedule.endDate && at >= new Date(schedule.endDate)) return false;
  const parts = zonedParts(at, schedule.timezone);
  if (!activeDay(schedule, parts.isoWeekday)) return false;
  const minute = parts.hour * 60 + parts.minute;
  return minute >= minutesOf(schedule.activeHours.from) && minute < minutesOf(schedule.activeHours.to);
}

/** The first moment at or after `after` inside the schedule, or null when it never opens again. */
export function nextWindowStart(schedule: Schedule, after: Date): Date | null {
  let from = after;
  if (schedule.startDate && from < new Date(schedule.startDate)) from = new Date(schedule.startDate);
  if (isWithinSchedule(schedule, from)) return from;
  const [fromHour, fromMinute] = schedule.activeHours.from.split(":").map(Number);
  for (let day = 0; day <= 8; day++) {
    const midnight = addZonedDays(from, day, schedule.timezone);
    const parts = zonedParts(midnight, schedule.timezone);
    const opening = zonedTimeToUtc({ year: parts.year, month: parts.month, day: parts.day, hour: fromHour!, minute: fromMinute! }, schedule.timezone);
    if (opening < from) continue;
    if (schedule.endDate && opening >= new Date(schedule.endDate)) return null;
    if (isWithinSchedule(schedule, opening)) return earliestOpenMinute(schedule, opening, from);
  }
  return null;
}

const MINUTE = 60_000;
/** How far into a window the work that piled up while it was closed is spread. */
export const WINDOW_SPREAD_MINUTES = 120;

/**
 * For work that fell due while the schedule was closed (a weekend's invitation withdrawals): a
 * minute in the next window's first hours instead of its first minute, so that a sender does not
 * do all of it at once. The minute is fixed by `key`, so the forecast makes the same choice as the
 * executor, and stays inside a short window. Null when the schedule never opens again.
 */
export function spreadIntoNextWindow(schedule: Schedule, after: Date, key: string): Date | null {
  const opens = nextWindowStart(schedule, after);
  if (!opens) return null;
  const windowMinutes = minutesOf(schedule.activeHours.to) - minutesOf(schedule.activeHours.from);
  const spread = Math.max(1, Math.min(WINDOW_SPREAD_MINUTES, windowMinutes));
  const fraction = stableFraction(key);
  return new Date(opens.getTime() + Math.floor(fraction * spread) * MINUTE);
}

/**
 * On a day when clocks spring forward across the opening time (09:00 does not exist), the local
 * time jumps past it and the window is already open from the jump: find that minute.
 */
function earliestOpenMinute(schedule: Schedule, opening: Date, notBefore: Date): Date {
  if (opening.getTime() - MINUTE < notBefore.getTime() || !isWithinSchedule(schedule, new Date(opening.getTime() - MINUTE))) return opening;
  let open = opening.getTime();
  let closed = Math.max(notBefore.getTime(), open - 3 * 60 * MINUTE);
  if (isWithinSchedule(schedule, new Date(closed))) return new Date(closed);
  while (open - closed > MINUTE) {
    const middle = closed + Math.floor((open - closed) / 2 / MINUTE) * MINUTE;
    if (isWithinSchedule(schedule, new Date(middle))) open = middle;
    else closed = middle;
  }
  return new Date(open);
}

/** When the window that contains `at` closes (the end of today's active hours). */
export function windowEnd(schedule: Schedule, at: Date): Date {
  const parts = zonedParts(at, schedule.timezone);
  const [toHour, toMinute] = schedule.activeHours.to.split(":").map(Number);
  const end = schedule.activeHours.to === END_OF_DAY ? addZonedDays(at, 1, schedule.timezone) : zonedTimeToUtc({ year: parts.year, month: parts.month, day: parts.day, hour: toHour!, minute: toMinute! }, schedule.timezone);
  return schedule.endDate && new Date(schedule.endDate) < end ? new Date(schedule.endDate) : end;
}
