import { describe, expect, it } from "vitest";
import { formatWait, nameOfStep, outline, readSteps, stepLabel, stepName, stepNames, stepNumbers, type OutlineStep } from "./sequence-outline";

const raw = [
  { id: "msg2", type: "message", parent: "msg1", branch: "no", config: { variants: [{ id: "v_c" }] } },
  { id: "visit", type: "visit_profile", parent: null, branch: null, config: { variants: [{ id: "v_0" }] }, nextDelayHours: 2 },
  { id: "inv", type: "invite", parent: "visit", branch: null, config: { withdrawDays: 10, variants: [{ id: "v_a" }, { id: "v_b" }] }, branchDelays: { yes: 24 } },
  { id: "inmail", type: "inmail", parent: "inv", branch: "no", config: { variants: [{ id: "v_i" }] } },
  { id: "msg1", type: "message", parent: "inv", branch: "yes", config: { variants: [{ id: "v_m" }] }, nextDelayHours: 48 },
];

describe("outline", () => {
  it("lists steps in tree order, yes before no, with branch meanings, depth and waits", () => {
    const entries = outline(readSteps(raw));
    expect(entries.map((entry) => [entry.step.id, entry.depth, entry.via, entry.waitHours])).toEqual([
      ["visit", 0, null, 0],
      ["inv", 0, null, 2],
      ["msg1", 1, "Accepted", 24],
      ["msg2", 1, "No reply", 48],
      ["inmail", 1, "Not accepted", 240],
    ]);
    expect(entries[1]!.label).toBe("Connection request");
    expect(entries[1]!.step.variantIds).toEqual(["v_a", "v_b"]);
  });

  it("uses the engine's defaults: 3 days for a reply, 14 days for an acceptance", () => {
    const entries = outline(
      readSteps([
        { id: "a", type: "message", parent: null, branch: null, config: {} },
        { id: "b", type: "invite", parent: "a", branch: "no", config: {} },
        { id: "c", type: "message", parent: "b", branch: "no", config: {} },
      ]),
    );
    expect(entries.map((entry) => entry.waitHours)).toEqual([0, 72, 336]);
  });

  it("is empty for an empty sequence", () => {
    expect(outline([])).toEqual([]);
  });
});

describe("formatWait and stepLabel", () => {
  it("reads naturally", () => {
    expect(formatWait(0)).toBe("right away");
    expect(formatWait(1)).toBe("1 hour");
    expect(formatWait(36)).toBe("36 hours");
    expect(formatWait(24)).toBe("1 day");
    expect(formatWait(72)).toBe("3 days");
    expect(stepLabel("if_open_profile")).toBe("If open profile");
    expect(stepLabel("something_new")).toBe("something_new");
    expect(stepLabel(null)).toBe("—");
  });
});

describe("step numbers", () => {
  it("number steps by their place in the sequence's steps array, not by tree order", () => {
    expect([...stepNumbers(readSteps(raw))]).toEqual([
      ["msg2", 1],
      ["visit", 2],
      ["inv", 3],
      ["inmail", 4],
      ["msg1", 5],
    ]);
    expect(outline(readSteps(raw)).map((entry) => [entry.step.id, entry.number])).toEqual([
      ["visit", 2],
      ["inv", 3],
      ["msg1", 5],
      ["msg2", 1],
      ["inmail", 4],
    ]);
  });

  it("keep every step's number when a step is added before it in the tree (appended to the array)", () => {
    const before = stepNames(readSteps(raw));
    // A new step on the invitation's yes branch, between the invitation and msg1, appended at the end.
    const added: OutlineStep = { id: "new", type: "visit_profile", parent: "inv", branch: "yes", variantIds: [] };
    const after = stepNames([...readSteps(raw).map((step) => (step.id === "msg1" ? { ...step, parent: "new" } : step)), added]);
    for (const [id, name] of before) expect(after.get(id)).toBe(name);
    expect(after.get("new")).toBe("#6 Visit profile");
  });

  it("name a step by its number and kind", () => {
    expect(stepName(3, "message")).toBe("#3 Message");
    expect(stepNames(readSteps(raw)).get("inv")).toBe("#3 Connection request");
  });

  it("falls back to the kind for a step the sequence no longer has, and a dash without either", () => {
    const names = stepNames(readSteps(raw));
    expect(nameOfStep(names, "msg1")).toBe("#5 Message");
    expect(nameOfStep(names, "gone", "invite")).toBe("Connection request");
    expect(nameOfStep(names, null)).toBe("—");
  });
});
