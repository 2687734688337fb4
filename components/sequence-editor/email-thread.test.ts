import { describe, expect, it } from "vitest";
import type { EditorStep } from "./tree";
import { indexTree } from "./tree";
import { firstEmailAbove } from "./email-thread";

function step(id: string, type: EditorStep["type"], parent: string | null, branch: EditorStep["branch"] = null): EditorStep {
  return { id, type, parent, branch, config: { variants: [{ id: "a" }] } };
}

describe("firstEmailAbove", () => {
  const steps = [
    step("s1", "visit_profile", null),
    step("s2", "email", "s1"),
    step("s3", "invite", "s2", "no"),
    step("s4", "email", "s3", "yes"),
    step("s5", "email", "s4", "no"),
  ];
  const index = indexTree(steps);

  it("finds the topmost e-mail step above a follow-up, across other steps", () => {
    expect(firstEmailAbove(index, index.byId.get("s5")!)?.id).toBe("s2");
    expect(firstEmailAbove(index, index.byId.get("s4")!)?.id).toBe("s2");
  });

  it("finds none above the first e-mail", () => {
    expect(firstEmailAbove(index, index.byId.get("s2")!)).toBeUndefined();
    expect(firstEmailAbove(index, index.byId.get("s1")!)).toBeUndefined();
  });
});
