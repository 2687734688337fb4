// The forms a schedule's active hours take, shared by the campaign schema (validation) and the
// schedule logic in server/domain/sequence/schedule.ts (which imports them from here: schemas sit
// below the domain, never the other way round).

/** `to` meaning the end of the day (local midnight after the day's last minute); never a `from`. */
export const END_OF_DAY = "24:00";
/** What `from` may be: HH:MM, 00:00 to 23:59. */
export const ACTIVE_FROM_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** What `to` may be: HH:MM, 00:00 to 23:59, or END_OF_DAY. */
export const ACTIVE_TO_PATTERN = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
