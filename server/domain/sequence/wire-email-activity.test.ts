import { describe, expect, it } from "vitest";
import { wiringProblems } from "../../test/wiring-problems";
import { wireSequence } from "./wire-sequence";
import { sequenceChannels } from "./campaign-channels";

const fields = wiringProblems;

const email = (id: string, parent?: string, branch?: "yes" | "no") => ({ id, type: "email" as const, parent, branch, config: { subject: "Hello", text: "Hi {{firstName}}" } });

describe("wiring e-mail activity conditions", () => {
  it("accepts a condition below an e-mail, naming it or not, below a connected branch too", () => {
    const sequence = wireSequence({
      steps: [
        { id: "c", type: "if_connected" },
        email("e1", "c", "yes"),
        { id: "o", type: "if_email_opened", parent: "e1", config: { windowHours: 48, emailStepId: "e1" } },
        { id: "v", type: "visit_profile", parent: "o", branch: "yes" },
        { id: "k", type: "if_email_clicked", parent: "o", branch: "no" },
      ],
    });
    expect(sequence.steps.map((step) => [step.id, step.parent, step.branch])).toEqual([
      ["c", null, null],
      ["e1", "c", "yes"],
      ["o", "e1", "no"],
      ["v", "o", "yes"],
      ["k", "o", "no"],
    ]);
    expect(sequence.steps[2]!.config).toMatchObject({ windowHours: 48, emailStepId: "e1" });
    expect(sequenceChannels([{ type: "email" }, { type: "if_email_opened" }])).toEqual({ email: true, linkedin: false });
  });

  it("refuses a condition with no e-mail above it, or naming a step that is not an e-mail above it", () => {
    const problems = fields(() =>
      wireSequence({
        steps: [
          { id: "v", type: "visit_profile" },
          { id: "o", type: "if_email_opened", parent: "v" },
          email("e1", "o", "yes"),
          { id: "k", type: "if_email_clicked", parent: "e1", branch: "no", config: { emailStepId: "v" } },
          { id: "k2", type: "if_email_clicked", parent: "k", branch: "yes", config: { emailStepId: "e9" } },
          email("e2", "k2", "yes"),
          { id: "o2", type: "if_email_opened", parent: "k", branch: "no", config: { emailStepId: "e2" } },
        ],
      }),
    );
    expect(problems).toEqual([
      { field: "sequence.steps.1.type", message: expect.stringContaining("needs an e-mail step above it") },
      { field: "sequence.steps.3.config.emailStepId", message: expect.stringContaining("names a Visit profile step, not an e-mail: v") },
      { field: "sequence.steps.4.config.emailStepId", message: expect.stringContaining("names no step of this sequence: e9") },
      { field: "sequence.steps.6.config.emailStepId", message: expect.stringContaining("names an e-mail step that is not above this condition") },
    ]);
  });

  it("keeps the window and the e-mail step to these conditions, and bounds the window", () => {
    const problems = fields(() =>
      wireSequence({
        steps: [
          { id: "e1", type: "email", config: { subject: "Hi", text: "Hi", windowHours: 24 } },
          { id: "c", type: "if_has_email", parent: "e1", config: { emailStepId: "e1" } },
        ],
      }),
    );
    expect(problems).toEqual([
      { field: "sequence.steps.0.config.windowHours", message: expect.stringContaining('only applies to "If e-mail opened" and "If link clicked" steps') },
      { field: "sequence.steps.1.config.emailStepId", message: expect.stringContaining('only applies to "If e-mail opened" and "If link clicked" steps') },
    ]);
    const tooLong = fields(() => wireSequence({ steps: [email("e1"), { type: "if_email_opened", parent: "e1", config: { windowHours: 1000 } }] }));
    expect(tooLong).toEqual([{ field: "sequence.steps.1.config.windowHours", message: "must be at most 720 hours (30 days)" }]);
  });
});
