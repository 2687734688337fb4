import { describe, expect, it } from "vitest";
import { wireSequence } from "@/server/domain/sequence/wire-sequence";
import { generatedSequence, inviteTree } from "../../server/test/fixtures/sequences";
import { createFlowBuilder } from "./flow-builder";
import { addStep, updateStep } from "./operations";
import { setVariantContent } from "./variants";

describe("building the canvas as the draft changes", () => {
  it("lays out again only when the shape changes, and keeps unchanged nodes", () => {
    const build = createFlowBuilder();
    const steps = inviteTree().steps;
    const first = build(steps);
    expect(first.laidOut).toBe(true);

    const typed = updateStep(steps, "thanks", (step) => setVariantContent(step, 0, { text: "Reworded" }));
    const second = build(typed);
    expect(second.laidOut).toBe(false);
    const changed = second.nodes.filter((node, index) => node !== first.nodes[index]).map((node) => node.id);
    expect(changed).toEqual(["thanks"]);
    expect(second.edges).toBe(first.edges);

    const grown = addStep(typed, { parentId: "inmail", branch: "no" }, "message", "more")!.steps;
    const third = build(grown);
    expect(third.laidOut).toBe(true);
    expect(third.nodes.find((node) => node.id === "more")).toBeDefined();
  });

  it("re-renders only the edited node of a 200-step tree", () => {
    const build = createFlowBuilder();
    const steps = wireSequence(generatedSequence(200)).steps;
    const before = build(steps);
    const target = steps[150]!;
    const after = build(updateStep(steps, target.id, (step) => ({ ...step, nextDelayHours: 5 })));
    const changedNodes = after.nodes.filter((node, index) => node !== before.nodes[index]).map((node) => node.id);
    expect(changedNodes).toEqual([target.id]);
    // The edge below it carries the new delay.
    expect(after.edges.filter((edge, index) => edge !== before.edges[index]).every((edge) => edge.source === target.id)).toBe(true);
  });
});
