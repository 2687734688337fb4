import { describe, expect, it } from "vitest";
import { wiringProblems } from "../../test/wiring-problems";
import { sequenceChannels } from "./campaign-channels";
import { placeAfter } from "./step-timing";
import { naturalContinuation, wireSequence } from "./wire-sequence";

const fields = wiringProblems;

describe("wiring manual tasks", () => {
  it("takes instructions, a kind and a due time, and has one next step after its delay", () => {
    const sequence = wireSequence({
      steps: [
        { type: "task", nextDelayHours: 2, config: { taskKind: "call", dueHours: 8, text: "Call {{firstName|them}}" } },
        { type: "visit_profile" },
      ],
    });
    const [task, visit] = sequence.steps;
    expect([task!.config.taskKind, task!.config.dueHours, task!.config.text, visit!.parent, visit!.branch]).toEqual(["call", 8, "Call {{firstName|them}}", task!.id, null]);
    expect(naturalContinuation("task")).toBeNull();
    expect(placeAfter(sequence, task!, null, new Date(0))).toEqual({ kind: "step", step: visit, waitUntil: new Date(2 * 3_600_000) });
    // A task needs no channel of its own: an e-mail campaign with tasks needs no sender.
    expect(sequenceChannels([{ type: "email" }, { type: "task" }])).toEqual({ email: true, linkedin: false });
  });

  it("refuses a task without instructions, a bad kind or due time, and task settings on other kinds", () => {
    expect(fields(() => wireSequence({ steps: [{ type: "task" }] }))).toEqual([{ field: "sequence.steps.0.config.text", message: expect.stringContaining("is required: what the person should do") }]);
    expect(fields(() => wireSequence({ steps: [{ type: "task", config: { text: "x", taskKind: "fax" } }] }))[0]!.field).toBe("sequence.steps.0.config.taskKind");
    expect(fields(() => wireSequence({ steps: [{ type: "task", config: { text: "x", dueHours: 0 } }] }))).toEqual([{ field: "sequence.steps.0.config.dueHours", message: "must be at least 1 hour" }]);
    expect(fields(() => wireSequence({ steps: [{ type: "visit_profile", config: { taskKind: "call", dueHours: 3 } }] }))).toEqual([
      { field: "sequence.steps.0.config.taskKind", message: expect.stringContaining('only applies to "Manual task" steps') },
      { field: "sequence.steps.0.config.dueHours", message: expect.stringContaining('only applies to "Manual task" steps') },
    ]);
  });
});
