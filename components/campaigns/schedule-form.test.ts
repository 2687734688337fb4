import { describe, expect, it } from "vitest";
import { describeDays, formToSchedule, fromZonedInput, scheduleToForm, toZonedInput } from "./schedule-form";

describe("zoned datetime-local values", () => {
  it("shows an instant as wall-clock time in the campaign's zone, and reads it back", () => {
    expect(toZonedInput("2026-03-02T08:00:00.000Z", "Europe/Paris")).toBe("2026-03-02T09:00");
    expect(fromZonedInput("2026-03-02T09:00", "Europe/Paris")).toBe("2026-03-02T08:00:00.000Z");
    expect(fromZonedInput("2026-07-01T09:30", "America/New_York")).toBe("2026-07-01T13:30:00.000Z");
  });

  it("treats empty or malformed values as no date", () => {
    expect(toZonedInput(null, "UTC")).toBe("");
    expect(fromZonedInput("", "UTC")).toBeNull();
    expect(fromZonedInput("tomorrow", "UTC")).toBeNull();
  });
});

describe("schedule ⇄ form", () => {
  it("round-trips, with day 0 read as Sunday (7)", () => {
    const schedule = {
      timezone: "Europe/Berlin",
      activeHours: { from: "08:30", to: "17:00" },
      activeDays: [0, 1, 2],
      startDate: "2026-05-04T06:30:00.000Z",
      endDate: null,
    };
    const form = scheduleToForm(schedule);
    expect(form).toEqual({ timezone: "Europe/Berlin", from: "08:30", to: "17:00", days: [1, 2, 7], start: "2026-05-04T08:30", end: "" });
    expect(formToSchedule(form)).toEqual({ ...schedule, activeDays: [1, 2, 7] });
  });

  it("keeps 24:00, the end of the day, as the closing time", () => {
    const schedule = { timezone: "UTC", activeHours: { from: "00:00", to: "24:00" }, activeDays: [1], startDate: null, endDate: null };
    expect(scheduleToForm(schedule).to).toBe("24:00");
    expect(formToSchedule(scheduleToForm(schedule))).toEqual(schedule);
  });
});

describe("describeDays", () => {
  it("reads like a person would say it", () => {
    expect(describeDays([1, 2, 3, 4, 5])).toBe("Monday to Friday");
    expect(describeDays([1, 3, 6])).toBe("Monday, Wednesday and Saturday");
    expect(describeDays([6, 7])).toBe("Saturday and Sunday");
    expect(describeDays([2])).toBe("Tuesday");
    expect(describeDays([1, 2, 3, 4, 5, 6, 7])).toBe("every day");
    expect(describeDays([])).toBe("no day");
  });
});
