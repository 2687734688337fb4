import { describe, expect, it } from "vitest";
import {
  addZonedDays,
  isValidTimeZone,
  offsetMinutes,
  startOfZonedDay,
  startOfZonedWeek,
  zonedDateString,
  zonedParts,
  zonedPartsFromIntl,
  zonedTimeToUtc,
} from "./time-zones";

describe("time zones", () => {
  it("knows offsets on both sides of daylight saving", () => {
    expect(offsetMinutes(new Date("2026-01-15T12:00:00Z"), "Europe/Paris")).toBe(60);
    expect(offsetMinutes(new Date("2026-07-15T12:00:00Z"), "Europe/Paris")).toBe(120);
    expect(offsetMinutes(new Date("2026-07-15T12:00:00Z"), "America/New_York")).toBe(-240);
    expect(offsetMinutes(new Date("2026-07-15T12:00:00Z"), "Asia/Kolkata")).toBe(330);
  });

  it("turns local times into instants, including around the transitions", () => {
    expect(zonedTimeToUtc({ year: 2026, month: 3, day: 2, hour: 9 }, "Europe/Paris").toISOString()).toBe("2026-03-02T08:00:00.000Z");
    // 02:30 does not exist in Paris on 2026-03-29: it moves forward by the gap, to 03:30 local.
    expect(zonedTimeToUtc({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, "Europe/Paris").toISOString()).toBe(
      "2026-03-29T01:30:00.000Z",
    );
    // 02:30 happens twice on 2026-10-25: the first one (summer time) is meant.
    expect(zonedTimeToUtc({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, "Europe/Paris").toISOString()).toBe(
      "2026-10-25T00:30:00.000Z",
    );
    expect(zonedTimeToUtc({ year: 2026, month: 11, day: 1, hour: 9 }, "America/New_York").toISOString()).toBe("2026-11-01T14:00:00.000Z");
  });

  it("finds the local day and week a moment belongs to", () => {
    const lateSundayInNewYork = new Date("2026-03-09T03:30:00Z"); // Sunday 23:30 EDT
    expect(zonedDateString(lateSundayInNewYork, "America/New_York")).toBe("2026-03-08");
    expect(startOfZonedDay(lateSundayInNewYork, "America/New_York").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(startOfZonedWeek(lateSundayInNewYork, "America/New_York").toISOString()).toBe("2026-03-02T05:00:00.000Z");
    expect(startOfZonedWeek(lateSundayInNewYork, "UTC").toISOString()).toBe("2026-03-09T00:00:00.000Z");
    // The spring-forward day is 23 hours long.
    const day = startOfZonedDay(new Date("2026-03-29T12:00:00Z"), "Europe/Paris");
    expect(addZonedDays(day, 1, "Europe/Paris").getTime() - day.getTime()).toBe(23 * 3_600_000);
  });

  it("validates zone names", () => {
    expect(isValidTimeZone("Europe/Berlin")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
  });

  it("reads the same wall clock as Intl across every change of 2026 and 2027 (the offset cache)", () => {
    // Half-hour and 45-minute offsets, a 30-minute daylight-saving shift, both hemispheres.
    const zones = ["Europe/Paris", "America/New_York", "America/St_Johns", "Asia/Kathmandu", "Australia/Lord_Howe", "Pacific/Chatham", "UTC"];
    const wallClock = (parts: ReturnType<typeof zonedParts>) => [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second, parts.isoWeekday].join(",");
    const intlOffset = (instant: number, zone: string) => {
      const parts = zonedPartsFromIntl(new Date(instant), zone);
      return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - Math.floor(instant / 1000) * 1000;
    };
    const compare = (instant: number, zone: string) => {
      const date = new Date(instant);
      const cached = wallClock(zonedParts(date, zone));
      const direct = wallClock(zonedPartsFromIntl(date, zone));
      if (cached !== direct) expect({ zone, at: date.toISOString(), parts: cached }).toEqual({ zone, at: date.toISOString(), parts: direct });
    };
    const COARSE = 2 * 3_600_000 + 13_000; // off the hour on purpose, so samples drift across it
    let transitions = 0;
    for (const zone of zones) {
      let previous = Number.NaN;
      for (let instant = Date.parse("2026-01-01T00:00:00Z"); instant < Date.parse("2028-01-01T00:00:00Z"); instant += COARSE) {
        compare(instant, zone);
        const offset = intlOffset(instant, zone);
        // The offset changed since the last sample: every 61 seconds around the change.
        if (!Number.isNaN(previous) && offset !== previous) {
          transitions++;
          for (let near = instant - COARSE - 3_600_000; near < instant + 3_600_000; near += 61_000) compare(near, zone);
        }
        previous = offset;
      }
    }
    // Two changes a year in every zone but Kathmandu and UTC, over two years.
    expect(transitions).toBe(5 * 2 * 2);
    expect(() => zonedParts(new Date(), "Mars/Olympus")).toThrow(RangeError);
  });
});
