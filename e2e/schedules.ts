// Campaign schedules for journeys that wait for the executor to act.

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

/**
 * Every day, around the clock, in a fixed-offset zone where it is about noon at `at` (the test's
 * start). "Around the clock" has a gap: a schedule's `to` is exclusive and at most 23:59, so the
 * minute 23:59–00:00 local is always closed. In a fixed zone (Europe/Berlin, UTC) a journey that
 * ran across that minute saw its send wait for the next day's window, after the test had stopped
 * waiting. At noon the window is hours from closing, whenever the suite runs.
 */
export function allDaySchedule(at: Date = new Date()) {
  const aheadOfUtc = 12 - at.getUTCHours(); // +12 at 00:xx UTC … −11 at 23:xx UTC: all exist as Etc zones
  // The Etc zones' signs are POSIX's, the other way round: Etc/GMT-5 is five hours ahead of UTC.
  const timezone = aheadOfUtc === 0 ? "Etc/GMT" : `Etc/GMT${aheadOfUtc > 0 ? "-" : "+"}${Math.abs(aheadOfUtc)}`;
  return { timezone, activeHours: { from: "00:00", to: "23:59" }, activeDays: EVERY_DAY };
}
