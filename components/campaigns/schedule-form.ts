// The schedule form's values and the API's schedule, both ways. Start and end are edited as wall
// clock times in the campaign's timezone (what a person planning the campaign means by "Monday 9:00").
import { zonedParts, zonedTimeToUtc } from "@/server/lib/time-zones";
import type { TCampaign, TSchedule } from "@/server/schemas/campaign";

export interface ScheduleForm {
  timezone: string;
  from: string;
  to: string;
  /** ISO days, 1 = Monday … 7 = Sunday. */
  days: number[];
  /** `YYYY-MM-DDTHH:MM` in the timezone, or "" for none. */
  start: string;
  end: string;
}

export const WEEKDAYS = [
  { day: 1, short: "Mon", long: "Monday" },
  { day: 2, short: "Tue", long: "Tuesday" },
  { day: 3, short: "Wed", long: "Wednesday" },
  { day: 4, short: "Thu", long: "Thursday" },
  { day: 5, short: "Fri", long: "Friday" },
  { day: 6, short: "Sat", long: "Saturday" },
  { day: 7, short: "Sun", long: "Sunday" },
] as const;

const pad = (value: number) => String(value).padStart(2, "0");

/** An instant as a datetime-local value in a zone. */
export function toZonedInput(iso: string | null, timeZone: string): string {
  if (!iso) return "";
  const parts = zonedParts(new Date(iso), timeZone);
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}T${pad(parts.hour)}:${pad(parts.minute)}`;
}

/** A datetime-local value read in a zone, as an ISO instant; null when empty or malformed. */
export function fromZonedInput(value: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  return zonedTimeToUtc({ year, month, day, hour, minute }, timeZone).toISOString();
}

export function scheduleToForm(schedule: TCampaign["schedule"]): ScheduleForm {
  return {
    timezone: schedule.timezone,
    from: schedule.activeHours.from,
    to: schedule.activeHours.to,
    // 0 is accepted as Sunday by the API.
    days: [...new Set(schedule.activeDays.map((day) => (day === 0 ? 7 : day)))].sort((a, b) => a - b),
    start: toZonedInput(schedule.startDate, schedule.timezone),
    end: toZonedInput(schedule.endDate, schedule.timezone),
  };
}

export function formToSchedule(form: ScheduleForm): TSchedule {
  return {
    timezone: form.timezone,
    activeHours: { from: form.from, to: form.to },
    activeDays: [...form.days].sort((a, b) => a - b),
    startDate: fromZonedInput(form.start, form.timezone),
    endDate: fromZonedInput(form.end, form.timezone),
  };
}

/** "Monday to Friday", "Monday, Wednesday and Saturday", "every day". */
export function describeDays(days: number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (!sorted.length) return "no day";
  if (sorted.length === 7) return "every day";
  const names = sorted.map((day) => WEEKDAYS[day - 1]!.long);
  const consecutive = sorted.every((day, index) => index === 0 || day === sorted[index - 1]! + 1);
  if (consecutive && sorted.length >= 3) return `${names[0]} to ${names[names.length - 1]}`;
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
