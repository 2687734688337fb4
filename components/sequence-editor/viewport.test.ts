import { describe, expect, it } from "vitest";
import { wireSequence } from "@/server/domain/sequence/wire-sequence";
import { sequenceToFlow } from "./convert";
import { generatedSequence, inviteTree } from "../../server/test/fixtures/sequences";
import { layoutFlow } from "./layout";
import { initialViewport, VIEW } from "./viewport";

const placed = (steps: ReturnType<typeof wireSequence>["steps"]) => {
  const { nodes, edges } = sequenceToFlow(steps);
  return layoutFlow(nodes, edges);
};

describe("the first view of the canvas", () => {
  it("shows a small tree whole, centred, at most at 100 %", () => {
    const nodes = placed(inviteTree().steps);
    const size = { width: 1000, height: 700 };
    const view = initialViewport(nodes, size);
    expect(view.zoom).toBeLessThanOrEqual(VIEW.maxZoom);
    for (const node of nodes) {
      const x = node.position.x * view.zoom + view.x;
      const y = node.position.y * view.zoom + view.y;
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(x + node.width! * view.zoom).toBeLessThanOrEqual(size.width);
      expect(y + node.height! * view.zoom).toBeLessThanOrEqual(size.height);
    }
  });

  it("shows the first step of a 200-step tree at a readable zoom", () => {
    const nodes = placed(wireSequence(generatedSequence(200)).steps);
    const view = initialViewport(nodes, { width: 1000, height: 700 });
    expect(view.zoom).toBe(VIEW.readableZoom);
    const first = nodes.find((node) => node.id === "s0")!;
    const centre = (first.position.x + first.width! / 2) * view.zoom + view.x;
    expect(centre).toBeCloseTo(500);
    expect(first.position.y * view.zoom + view.y).toBe(VIEW.topMargin);
  });
});
