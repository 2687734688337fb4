import { describe, expect, it } from "vitest";
import { wireSequence } from "../../domain/sequence/wire-sequence";
import { DEFAULT_SCHEDULE } from "../../domain/sequence/schedule";
import { readSchedule, readSequence, readTracking, scheduleColumn, sequenceColumn } from "./campaign-columns";

describe("campaign columns", () => {
  it("reads back the sequence and the schedule it wrote", () => {
    const sequence = wireSequence({ steps: [{ type: "visit_profile" }, { type: "invite", config: { note: "Hi {{firstName}}" } }] });
    const stored = sequenceColumn(sequence);
    expect(readSequence(stored)).toEqual(sequence);
    expect(readSchedule(scheduleColumn(DEFAULT_SCHEDULE))).toEqual(DEFAULT_SCHEDULE);
  });

  it("parses a stored value once: the same row's column gives the same object", () => {
    const stored = sequenceColumn(wireSequence({ steps: [{ type: "visit_profile" }] }));
    expect(readSequence(stored)).toBe(readSequence(stored));
  });

  it("refuses a stored value of the wrong shape, naming the column", () => {
    expect(() => readSchedule({ timezone: "UTC", activeDays: "weekdays" })).toThrow(/campaign schedule/);
    expect(() => readTracking({ opens: "sometimes", clicks: "off" })).toThrow(/campaign tracking settings/);
  });
});
