// Campaign schedules for journeys that wait for the executor to act.

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

/**
 * Every day, around the clock: 00:00–24:00 ("24:00" is the end of the day), so no minute of the
 * day is closed and a journey may run at any time. (With `to` at most 23:59, the minute
 * 23:59–00:00 was closed and a send that fell in it waited for the next day.)
 */
export function allDaySchedule() {
  return { timezone: "UTC", activeHours: { from: "00:00", to: "24:00" }, activeDays: EVERY_DAY };
}
