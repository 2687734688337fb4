import { describe, expect, it } from "vitest";
import { wiringProblems } from "../../test/wiring-problems";
import { humanGapSeconds } from "./human-gaps";
import { ACTIVE_FROM_PATTERN, ACTIVE_TO_PATTERN } from "../../schemas/active-hours";
import { isWithinSchedule, nextWindowStart, spreadIntoNextWindow, windowEnd, WINDOW_SPREAD_MINUTES, type Schedule } from "./schedule";
import { structuralChanges } from "./structural-changes";
import { nextStep, wireSequence } from "./wire-sequence";

const fields = wiringProblems;

describe("wiring a sequence", () => {
  it("chains steps by natural continuation when ids are omitted", () => {
    const sequence = wireSequence({
      steps: [
        { type: "visit_profile" },
        { type: "invite", config: { note: "Hi {{firstName}}" } },
        { type: "message", config: { text: "Thanks for connecting" } },
        { type: "message", config: { text: "Following up" } },
      ],
    });
    const [visit, invite, message, followUp] = sequence.steps;
    expect(visit).toMatchObject({ parent: null, branch: null });
    expect(invite).toMatchObject({ parent: visit!.id, branch: null });
    expect(message).toMatchObject({ parent: invite!.id, branch: "yes" });
    expect(followUp).toMatchObject({ parent: message!.id, branch: "no" });
    expect(invite!.config.variants).toEqual([{ id: "a", note: "Hi {{firstName}}" }]);
    expect(nextStep(sequence, invite!.id, "yes")?.id).toBe(message!.id);
  });

  it("builds an explicit tree: message on the invite's yes, InMail on its no", () => {
    const sequence = wireSequence({
      steps: [
        { id: "invite", type: "invite" },
        { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks!" } },
        { id: "inmail", type: "inmail", parent: "invite", branch: "no", config: { subject: "Quick question", text: "Hello", whenUnable: "skip" } },
      ],
    });
    expect(sequence.steps.map((step) => [step.id, step.parent, step.branch])).toEqual([
      ["invite", null, null],
      ["thanks", "invite", "yes"],
      ["inmail", "invite", "no"],
    ]);
  });

  it("refuses steps below a connected branch that need the lead unconnected", () => {
    const problems = fields(() =>
      wireSequence({
        steps: [
          { id: "c", type: "if_connected" },
          { id: "m", type: "message", parent: "c", branch: "yes", config: { text: "Hi" } },
          { id: "i", type: "inmail", parent: "m", config: { subject: "s", text: "t" } },
          { id: "n", type: "invite", parent: "c", branch: "no" },
        ],
      }),
    );
    expect(problems).toEqual([{ field: "sequence.steps.2.type", message: expect.stringContaining("cannot sit below the connected branch of c") }]);
  });

  it("names every wiring problem with its step", () => {
    const problems = fields(() =>
      wireSequence({
        steps: [
          { id: "a", type: "invite" },
          { id: "b", type: "message", parent: "a", config: { text: "Hi" } },
          { id: "c", type: "message", parent: "a", branch: "yes", config: { text: "Hi", note: "no" } },
          { id: "d", type: "visit_profile", parent: "c", branch: "yes" },
          { id: "a", type: "visit_profile", parent: "zz" },
          { id: "e", type: "inmail", parent: "d", config: { text: "no subject" } },
          { id: "f", type: "message", parent: "e", config: { text: "Hello {{first name}}" } },
        ],
      }),
    );
    const named = problems.map((problem) => problem.field);
    expect(named).toEqual(
      expect.arrayContaining([
        "sequence.steps.4.id",
        "sequence.steps.1.branch",
        "sequence.steps.2.config.note",
        "sequence.steps.3.branch",
        "sequence.steps.5.config.subject",
        "sequence.steps.6.config.text",
      ]),
    );
  });

  it("checks the invitation note limit (300 characters)", () => {
    expect(fields(() => wireSequence({ steps: [{ type: "invite", config: { note: "x".repeat(301) } }] }))).toEqual([
      { field: "sequence.steps.0.config.note", message: "must be at most 300 characters" },
    ]);
  });

  it("keeps variant A equal to the flat copy, and gives variants ids", () => {
    const sequence = wireSequence({
      steps: [{ type: "message", config: { text: "A copy", variants: [{ text: "A copy" }, { text: "B copy" }] } }],
    });
    expect(sequence.steps[0]!.config.variants).toEqual([{ id: "a", text: "A copy" }, { id: expect.stringMatching(/^v_/), text: "B copy" }]);
    const conflict = fields(() => wireSequence({ steps: [{ type: "message", config: { text: "A", variants: [{ text: "not A" }] } }] }));
    expect(conflict[0]).toMatchObject({ field: "sequence.steps.0.config.text", message: expect.stringContaining("variant A") });
  });

  it("rejects a yes branch after a message: a reply ends the sequence", () => {
    const problems = fields(() =>
      wireSequence({ steps: [{ id: "m", type: "message", config: { text: "Hi" } }, { id: "x", type: "visit_profile", parent: "m", branch: "yes" }] }),
    );
    expect(problems[0]).toMatchObject({ field: "sequence.steps.1.branch", message: expect.stringContaining("ends the sequence") });
  });

  it("detects removed, moved and retyped steps but allows appended ones", () => {
    const before = wireSequence({ steps: [{ id: "i", type: "invite" }, { id: "m", type: "message", parent: "i", branch: "yes", config: { text: "Hi" } }] });
    const appended = wireSequence({
      steps: [
        { id: "i", type: "invite" },
        { id: "m", type: "message", parent: "i", branch: "yes", config: { text: "Changed copy" } },
        { id: "n", type: "visit_profile", parent: "i", branch: "no" },
      ],
    });
    expect(structuralChanges(before, appended)).toEqual([]);
    const changed = wireSequence({ steps: [{ id: "i", type: "invite" }, { id: "m", type: "visit_profile", parent: "i", branch: "no" }] });
    expect(structuralChanges(before, changed).map((issue) => issue.message)).toEqual([
      expect.stringContaining("retypes step m"),
      expect.stringContaining("moves step m"),
    ]);
    expect(structuralChanges(before, wireSequence({ steps: [{ id: "i", type: "invite" }] }))[0]!.message).toContain("removes step m");
  });
});

describe("schedules", () => {
  const paris: Schedule = { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "19:00" }, activeDays: [1, 2, 3, 4, 5] };

  it("opens on active days between active hours, in the campaign's zone", () => {
    expect(isWithinSchedule(paris, new Date("2026-03-02T08:00:00Z"))).toBe(true); // Monday 09:00 Paris
    expect(isWithinSchedule(paris, new Date("2026-03-02T07:59:00Z"))).toBe(false);
    expect(isWithinSchedule(paris, new Date("2026-03-02T18:00:00Z"))).toBe(false); // 19:00 closes
    expect(isWithinSchedule(paris, new Date("2026-03-07T10:00:00Z"))).toBe(false); // Saturday
  });

  it("finds the next opening across weekends and daylight saving", () => {
    expect(nextWindowStart(paris, new Date("2026-03-06T18:30:00Z"))?.toISOString()).toBe("2026-03-09T08:00:00.000Z");
    // Summer time from 2026-03-29: 09:00 in Paris is 07:00 UTC.
    expect(nextWindowStart(paris, new Date("2026-03-27T18:00:00Z"))?.toISOString()).toBe("2026-03-30T07:00:00.000Z");
    const newYork: Schedule = { ...paris, timezone: "America/New_York", activeDays: [0, 6] };
    expect(nextWindowStart(newYork, new Date("2026-03-02T12:00:00Z"))?.toISOString()).toBe("2026-03-07T14:00:00.000Z");
    expect(windowEnd(paris, new Date("2026-03-02T10:00:00Z")).toISOString()).toBe("2026-03-02T18:00:00.000Z");
  });

  it("respects start and end dates", () => {
    const bounded = { ...paris, startDate: "2026-03-04T00:00:00Z", endDate: "2026-03-05T12:00:00Z" };
    expect(nextWindowStart(bounded, new Date("2026-03-02T08:00:00Z"))?.toISOString()).toBe("2026-03-04T08:00:00.000Z");
    expect(isWithinSchedule(bounded, new Date("2026-03-05T11:59:00Z"))).toBe(true);
    expect(nextWindowStart(bounded, new Date("2026-03-05T12:00:00Z"))).toBeNull();
  });

  it("spreads work that piled up over a weekend across the next window's first hours, the same way each time", () => {
    const saturday = new Date("2026-03-07T10:00:00Z");
    const opens = new Date("2026-03-09T08:00:00Z").getTime();
    const minutes = Array.from({ length: 60 }, (_, index) => (spreadIntoNextWindow(paris, saturday, `lead-${index}`)!.getTime() - opens) / 60_000);
    for (const minute of minutes) {
      expect(Number.isInteger(minute)).toBe(true);
      expect(minute).toBeGreaterThanOrEqual(0);
      expect(minute).toBeLessThan(WINDOW_SPREAD_MINUTES);
    }
    // Not all at the opening: 60 leads land on many different minutes.
    expect(new Set(minutes).size).toBeGreaterThan(30);
    expect(spreadIntoNextWindow(paris, saturday, "lead-7")).toEqual(spreadIntoNextWindow(paris, new Date("2026-03-08T20:00:00Z"), "lead-7"));
    // A window shorter than the spread keeps the work inside it.
    const short = { ...paris, activeHours: { from: "09:00", to: "09:30" } };
    for (let index = 0; index < 60; index++) expect(isWithinSchedule(short, spreadIntoNextWindow(short, saturday, `lead-${index}`)!)).toBe(true);
    expect(spreadIntoNextWindow({ ...paris, endDate: "2026-03-06T00:00:00Z" }, saturday, "lead-1")).toBeNull();
  });

  it("reads to 24:00 as the end of the day: 00:00–24:00 has no closed minute", () => {
    const allDay: Schedule = { timezone: "Europe/Berlin", activeHours: { from: "00:00", to: "24:00" }, activeDays: [1, 2, 3, 4, 5] };
    expect(isWithinSchedule(allDay, new Date("2026-03-02T22:59:30Z"))).toBe(true); // Monday 23:59:30 Berlin
    expect(isWithinSchedule(allDay, new Date("2026-03-02T23:00:00Z"))).toBe(true); // Tuesday 00:00
    expect(isWithinSchedule({ ...allDay, activeHours: { from: "00:00", to: "23:59" } }, new Date("2026-03-02T22:59:30Z"))).toBe(false);
    // Friday's window ends at Saturday's midnight, and opens again at Monday's.
    expect(isWithinSchedule(allDay, new Date("2026-03-06T22:59:59Z"))).toBe(true);
    expect(isWithinSchedule(allDay, new Date("2026-03-06T23:00:00Z"))).toBe(false);
    expect(nextWindowStart(allDay, new Date("2026-03-07T10:00:00Z"))?.toISOString()).toBe("2026-03-08T23:00:00.000Z");
    expect(windowEnd(allDay, new Date("2026-03-06T12:00:00Z")).toISOString()).toBe("2026-03-06T23:00:00.000Z");
    // The day clocks go forward is 23 hours long: the window still ends at the next midnight.
    expect(windowEnd(allDay, new Date("2026-03-29T12:00:00Z")).toISOString()).toBe("2026-03-29T22:00:00.000Z");
    const evening: Schedule = { ...allDay, activeHours: { from: "18:00", to: "24:00" } };
    expect(isWithinSchedule(evening, new Date("2026-03-02T22:59:00Z"))).toBe(true); // 23:59
    expect(isWithinSchedule(evening, new Date("2026-03-02T23:30:00Z"))).toBe(false); // Tuesday 00:30
    // Piled-up work spreads over the window's first two hours, as for any long window.
    const spread = spreadIntoNextWindow(allDay, new Date("2026-03-07T10:00:00Z"), "lead-1")!.getTime() - Date.parse("2026-03-08T23:00:00Z");
    expect(spread).toBeGreaterThanOrEqual(0);
    expect(spread).toBeLessThan(WINDOW_SPREAD_MINUTES * 60_000);
  });

  it("allows 24:00 only as to, and no later time", () => {
    for (const time of ["00:00", "09:30", "23:59"]) {
      expect(ACTIVE_FROM_PATTERN.test(time)).toBe(true);
      expect(ACTIVE_TO_PATTERN.test(time)).toBe(true);
    }
    expect(ACTIVE_TO_PATTERN.test("24:00")).toBe(true);
    expect(ACTIVE_FROM_PATTERN.test("24:00")).toBe(false);
    for (const time of ["24:01", "24:59", "25:00", "9:00", "09:60", "24:00 ", "x24:00"]) expect(ACTIVE_TO_PATTERN.test(time)).toBe(false);
  });
});

describe("human gaps", () => {
  it("are random-looking, bounded, and the same for the same sender and action", () => {
    const gaps = Array.from({ length: 50 }, (_, index) => humanGapSeconds("acc_1", index));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(90);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(420);
    expect(new Set(gaps).size).toBeGreaterThan(30);
    expect(humanGapSeconds("acc_1", 7)).toBe(gaps[7]);
  });
});

describe("schedules across timezones and daylight-saving changes", () => {
  it("keeps 09:00–19:00 local on both sides of a change, in both hemispheres", () => {
    const newYork: Schedule = { timezone: "America/New_York", activeHours: { from: "09:00", to: "19:00" }, activeDays: [1, 2, 3, 4, 5] };
    // New York springs forward on Sunday 2026-03-08: 09:00 is 14:00 UTC before, 13:00 UTC after.
    expect(nextWindowStart(newYork, new Date("2026-03-07T00:30:00Z"))?.toISOString()).toBe("2026-03-09T13:00:00.000Z");
    expect(isWithinSchedule(newYork, new Date("2026-03-06T14:00:00Z"))).toBe(true);
    expect(isWithinSchedule(newYork, new Date("2026-03-09T12:59:00Z"))).toBe(false);
    expect(isWithinSchedule(newYork, new Date("2026-03-09T22:59:00Z"))).toBe(true);
    expect(isWithinSchedule(newYork, new Date("2026-03-09T23:00:00Z"))).toBe(false);
    // Sydney falls back on Sunday 2026-04-05 (UTC+11 → UTC+10).
    const sydney: Schedule = { ...newYork, timezone: "Australia/Sydney" };
    expect(nextWindowStart(sydney, new Date("2026-04-03T09:00:00Z"))?.toISOString()).toBe("2026-04-05T23:00:00.000Z");
    expect(isWithinSchedule(sydney, new Date("2026-04-02T22:00:00Z"))).toBe(true); // Friday 09:00 AEDT
  });

  it("handles hours that do not exist or happen twice on the change day", () => {
    // Paris, Sunday 2026-03-29: 02:00–03:00 does not exist. A weekend window from 02:30 opens at 03:00 local (01:00 UTC).
    const night: Schedule = { timezone: "Europe/Paris", activeHours: { from: "02:30", to: "05:00" }, activeDays: [7] };
    expect(nextWindowStart(night, new Date("2026-03-28T12:00:00Z"))?.toISOString()).toBe("2026-03-29T01:00:00.000Z");
    expect(isWithinSchedule(night, new Date("2026-03-29T00:59:00Z"))).toBe(false);
    // Sunday 2026-10-25: 02:00–03:00 happens twice; the window is open during both.
    expect(isWithinSchedule(night, new Date("2026-10-25T00:45:00Z"))).toBe(true); // 02:45 CEST
    expect(isWithinSchedule(night, new Date("2026-10-25T01:45:00Z"))).toBe(true); // 02:45 CET
  });

  it("works with half-hour zones and Sunday as day 0 or 7", () => {
    const kolkata: Schedule = { timezone: "Asia/Kolkata", activeHours: { from: "10:00", to: "18:30" }, activeDays: [0] };
    expect(isWithinSchedule(kolkata, new Date("2026-03-08T04:30:00Z"))).toBe(true); // Sunday 10:00 IST
    expect(isWithinSchedule(kolkata, new Date("2026-03-08T12:59:00Z"))).toBe(true); // 18:29
    expect(isWithinSchedule(kolkata, new Date("2026-03-08T13:00:00Z"))).toBe(false);
    expect(isWithinSchedule({ ...kolkata, activeDays: [7] }, new Date("2026-03-08T04:30:00Z"))).toBe(true);
  });
});
