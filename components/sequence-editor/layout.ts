// Top-down automatic layout with dagre. Pure: positions in, positions out, no DOM.
import dagre from "@dagrejs/dagre";
import type { FlowEdge, FlowNode } from "./convert";

export const LAYOUT_SPACING = { nodesep: 36, ranksep: 84, margin: 24 } as const;

const BRANCH_ORDER = { yes: 0, next: 1, no: 2 } as const;

/**
 * Places nodes top-down. Dagre's crossing minimisation is switched off: a tree has no crossings,
 * and its depth-first initial order keeps each yes branch left of its no branch.
 */
export function layoutFlow<N extends FlowNode>(nodes: readonly N[], edges: readonly FlowEdge[]): N[] {
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: "TB", nodesep: LAYOUT_SPACING.nodesep, ranksep: LAYOUT_SPACING.ranksep, marginx: LAYOUT_SPACING.margin, marginy: LAYOUT_SPACING.margin });
  graph.setDefaultEdgeLabel(() => ({}));
  // Prefixed names: graphlib keeps successors in an object, where integer-like keys would sort first.
  const name = (id: string) => `n:${id}`;
  for (const node of nodes) graph.setNode(name(node.id), { width: node.width ?? 0, height: node.height ?? 0 });
  const ordered = [...edges].sort((a, b) => BRANCH_ORDER[a.data?.branch ?? "next"] - BRANCH_ORDER[b.data?.branch ?? "next"]);
  for (const edge of ordered) {
    if (graph.hasNode(name(edge.source)) && graph.hasNode(name(edge.target))) graph.setEdge(name(edge.source), name(edge.target));
  }
  dagre.layout(graph, { disableOptimalOrderHeuristic: true });
  return nodes.map((node) => {
    const placed = graph.node(name(node.id));
    return { ...node, position: { x: placed.x - (node.width ?? 0) / 2, y: placed.y - (node.height ?? 0) / 2 } };
  });
}
