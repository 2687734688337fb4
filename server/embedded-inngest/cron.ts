// Cron schedules of Inngest triggers: five fields (minute hour day-of-month month day-of-week) with
// `*`, lists, ranges and steps, optionally prefixed with `TZ=<zone> ` (UTC otherwise).
const FIELDS = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day of month", min: 1, max: 31 },
  { name: "month", min: 1, max: 12 },
  { name: "day of week", min: 0, max: 7 },
] as const;

export interface CronSchedule {
  timezone: string;
  minutes: Set<number>;
  hours: Set<number>;
  daysOfMonth: Set<number>;
  months: Set<number>;
  daysOfWeek: Set<number>;
  /** Cron's rule: when both day fields are restricted, a day matches either. */
  dayOr: boolean;
}

function parseField(text: string, min: number, max: number, name: string): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(",")) {
    const [range, stepText] = part.split("/");
    const step = stepText ? Number(stepText) : 1;
    if (!Number.isInteger(step) || step < 1) throw new Error(`Invalid step in cron ${name}: ${part}`);
    let start = min;
    let end = max;
    if (range !== "*") {
      const [from, to] = range!.split("-");
      start = Number(from);
      end = to !== undefined ? Number(to) : stepText ? max : start;
    }
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < min || end > max || start > end) {
      throw new Error(`Invalid cron ${name}: ${part}`);
    }
    for (let value = start; value <= end; value += step) values.add(value);
  }
  return values;
}

export function parseCron(expression: string): CronSchedule {
  let text = expression.trim();
  let timezone = "UTC";
  const tz = /^(?:TZ|CRON_TZ)=(\S+)\s+/.exec(text);
  if (tz) {
    timezone = tz[1]!;
    text = text.slice(tz[0].length);
  }
  const parts = text.split(/\s+/);
  if (parts.length !== 5) throw new Error(`A cron schedule has five fields, got "${expression}"`);
  const [minutes, hours, daysOfMonth, months, daysOfWeek] = parts.map((part, index) =>
    parseField(part, FIELDS[index]!.min, FIELDS[index]!.max, FIELDS[index]!.name),
  ) as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  if (daysOfWeek.has(7)) daysOfWeek.add(0);
  return { timezone, minutes, hours, daysOfMonth, months, daysOfWeek, dayOr: parts[2] !== "*" && parts[4] !== "*" };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function zonedParts(date: Date, timezone: string) {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: timezone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      weekday: "short",
    });
    formatters.set(timezone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]));
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(parts.weekday!);
  return { month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), weekday };
}

/** The first time strictly after `after` that the schedule fires. */
export function nextCronTime(schedule: CronSchedule, after: Date): Date {
  let time = Math.floor(after.getTime() / 60_000) * 60_000 + 60_000;
  const limit = time + 5 * 366 * 24 * 60 * 60_000;
  while (time < limit) {
    const parts = zonedParts(new Date(time), schedule.timezone);
    const domMatch = schedule.daysOfMonth.has(parts.day);
    const dowMatch = schedule.daysOfWeek.has(parts.weekday);
    const dayMatch = schedule.dayOr ? domMatch || dowMatch : domMatch && dowMatch;
    // Skip hour by hour on a wrong day or hour: a day is not always 24 hours long in a time zone.
    if (!schedule.months.has(parts.month) || !dayMatch || !schedule.hours.has(parts.hour)) {
      time += (60 - parts.minute) * 60_000;
      continue;
    }
    if (!schedule.minutes.has(parts.minute)) {
      time += 60_000;
      continue;
    }
    return new Date(time);
  }
  throw new Error("The cron schedule never fires");
}
