// Calendar arithmetic in IANA time zones (sender usage days and weeks, campaign schedules), without
// a dependency: offsets come from Intl, so daylight-saving changes are handled by the runtime's
// time-zone database.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let cached = formatters.get(timeZone);
  if (!cached) {
    cached = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      weekday: "short",
    });
    formatters.set(timeZone, cached);
  }
  return cached;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 1 = Monday … 7 = Sunday (ISO). */
  isoWeekday: number;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

function formattedParts(date: Date, timeZone: string): ZonedParts {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(date).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    isoWeekday: WEEKDAYS[parts.weekday!]!,
  };
}

// Intl is slow (the forecast and the executor ask millions of times), so offsets are cached per
// quarter hour of UTC: today's zones change offset only at quarter-hour boundaries of UTC (every
// offset is a multiple of 15 minutes and changes happen on the local hour or half hour).
const QUARTER_HOUR = 900_000;
const offsetCache = new Map<string, Map<number, number>>();

function computedOffset(instant: number, timeZone: string): number {
  const parts = formattedParts(new Date(instant), timeZone);
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** The zone's offset from UTC at an instant, in minutes (e.g. +60 for Paris in winter). */
export function offsetMinutes(date: Date, timeZone: string): number {
  const bucket = Math.floor(date.getTime() / QUARTER_HOUR);
  let zone = offsetCache.get(timeZone);
  if (!zone) {
    formatter(timeZone); // throws a RangeError for an unknown zone, as before
    zone = new Map();
    offsetCache.set(timeZone, zone);
  }
  let offset = zone.get(bucket);
  if (offset === undefined) {
    offset = computedOffset(bucket * QUARTER_HOUR, timeZone);
    if (zone.size > 200_000) zone.clear();
    zone.set(bucket, offset);
  }
  return offset;
}

export function zonedParts(date: Date, timeZone: string): ZonedParts {
  const local = new Date(date.getTime() + offsetMinutes(date, timeZone) * 60_000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    isoWeekday: local.getUTCDay() === 0 ? 7 : local.getUTCDay(),
  };
}

/** zonedParts through Intl directly, without the offset cache (tests compare the two). */
export function zonedPartsFromIntl(date: Date, timeZone: string): ZonedParts {
  return formattedParts(date, timeZone);
}

/**
 * The instant a local wall-clock time happens in a zone, resolved like Temporal's "compatible"
 * disambiguation: a time that happens twice (autumn) is its first occurrence; a time skipped by a
 * spring-forward jump is moved forward by the length of the gap (02:30 becomes 03:30).
 */
export function zonedTimeToUtc(
  local: { year: number; month: number; day: number; hour?: number; minute?: number },
  timeZone: string,
): Date {
  const naive = Date.UTC(local.year, local.month - 1, local.day, local.hour ?? 0, local.minute ?? 0);
  // Offsets half a day either side; a zone changes its offset at most once in that span.
  const before = offsetMinutes(new Date(naive - 12 * 3_600_000), timeZone);
  const after = offsetMinutes(new Date(naive + 12 * 3_600_000), timeZone);
  const candidates = [naive - before * 60_000, naive - after * 60_000]
    .filter((instant) => sameLocal(new Date(instant), local, timeZone))
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? naive - before * 60_000);
}

function sameLocal(date: Date, local: { year: number; month: number; day: number; hour?: number; minute?: number }, timeZone: string) {
  const parts = zonedParts(date, timeZone);
  return (
    parts.year === local.year &&
    parts.month === local.month &&
    parts.day === local.day &&
    parts.hour === (local.hour ?? 0) &&
    parts.minute === (local.minute ?? 0)
  );
}

/** Local midnight starting the day that contains `date`. */
export function startOfZonedDay(date: Date, timeZone: string): Date {
  const parts = zonedParts(date, timeZone);
  return zonedTimeToUtc({ year: parts.year, month: parts.month, day: parts.day }, timeZone);
}

/** Local midnight of the Monday starting the week that contains `date`. */
export function startOfZonedWeek(date: Date, timeZone: string): Date {
  const parts = zonedParts(date, timeZone);
  const monday = new Date(Date.UTC(parts.year, parts.month - 1, parts.day - (parts.isoWeekday - 1)));
  return zonedTimeToUtc({ year: monday.getUTCFullYear(), month: monday.getUTCMonth() + 1, day: monday.getUTCDate() }, timeZone);
}

/** Local midnight starting the day `days` after the day containing `date`. */
export function addZonedDays(date: Date, days: number, timeZone: string): Date {
  const parts = zonedParts(date, timeZone);
  const target = new Date(Date.UTC(parts.year, parts.month - 1, parts.day + days));
  return zonedTimeToUtc({ year: target.getUTCFullYear(), month: target.getUTCMonth() + 1, day: target.getUTCDate() }, timeZone);
}

/** YYYY-MM-DD of the local day containing `date`. */
export function zonedDateString(date: Date, timeZone: string): string {
  const parts = zonedParts(date, timeZone);
  return `${parts.year}-${String(parts.month).padStart(2, "0")}-${String(parts.day).padStart(2, "0")}`;
}
