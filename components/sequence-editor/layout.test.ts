import { describe, expect, it } from "vitest";
import { wireSequence } from "@/server/domain/sequence/wire-sequence";
import { ADD_NODE_SIZE, sequenceToFlow, STEP_NODE_SIZE } from "./convert";
import { generatedSequence, inviteTree } from "../../server/test/fixtures/sequences";
import { layoutFlow, LAYOUT_SPACING } from "./layout";

function centers(steps: ReturnType<typeof wireSequence>["steps"]) {
  const { nodes, edges } = sequenceToFlow(steps);
  const placed = layoutFlow(nodes, edges);
  return {
    placed,
    edges,
    center: (id: string) => {
      const node = placed.find((candidate) => candidate.id === id)!;
      return { x: node.position.x + node.width! / 2, y: node.position.y + node.height! / 2 };
    },
  };
}

describe("layout", () => {
  it("draws the tree top-down: every child below its parent", () => {
    const { placed, edges, center } = centers(inviteTree().steps);
    for (const edge of edges) expect(center(edge.target).y).toBeGreaterThan(center(edge.source).y);
    expect(placed.every((node) => Number.isFinite(node.position.x) && Number.isFinite(node.position.y))).toBe(true);
  });

  it("puts the yes branch left of the no branch", () => {
    const { center } = centers(inviteTree().steps);
    expect(center("thanks").x).toBeLessThan(center("inmail").x);
  });

  it("keeps yes left of no even when ids would sort the other way", () => {
    const steps = wireSequence({
      steps: [
        { id: "9", type: "if_connected" },
        { id: "2", type: "message", parent: "9", branch: "no", config: { text: "no" } },
        { id: "10", type: "message", parent: "9", branch: "yes", config: { text: "yes" } },
      ],
    }).steps;
    const { center } = centers(steps);
    expect(center("10").x).toBeLessThan(center("2").x);
  });

  it("never overlaps nodes, for 200 steps and their placeholders", () => {
    const { placed } = centers(wireSequence(generatedSequence(200)).steps);
    const boxes = placed.map((node) => ({ x: node.position.x, y: node.position.y, width: node.width!, height: node.height! }));
    const byRow = new Map<number, typeof boxes>();
    for (const box of boxes) byRow.set(Math.round(box.y + box.height / 2), [...(byRow.get(Math.round(box.y + box.height / 2)) ?? []), box]);
    for (const row of byRow.values()) {
      row.sort((a, b) => a.x - b.x);
      for (let index = 1; index < row.length; index++) {
        expect(row[index]!.x).toBeGreaterThanOrEqual(row[index - 1]!.x + row[index - 1]!.width);
      }
    }
  });

  it("separates ranks by the node height and the spacing", () => {
    const steps = wireSequence({ steps: [{ id: "a", type: "visit_profile" }, { id: "b", type: "visit_profile", parent: "a" }] }).steps;
    const { center } = centers(steps);
    expect(center("b").y - center("a").y).toBe(STEP_NODE_SIZE.height + LAYOUT_SPACING.ranksep);
  });

  it("places the lone placeholder of an empty sequence", () => {
    const { placed } = centers([]);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.width).toBe(ADD_NODE_SIZE.width);
  });
});
