// Builds the canvas's nodes and edges from the draft, again and again as it is edited. The layout
// runs only when the tree's shape changes (not when copy is typed), and unchanged nodes and edges
// keep their objects so React Flow re-renders only what changed.
import { sequenceToFlow, type FlowEdge, type FlowNode, type FlowOptions } from "./convert";
import { layoutFlow } from "./layout";
import { reuseEdges, reuseNodes } from "./stable-elements";
import type { EditorStep } from "./tree";

export interface Flow {
  nodes: FlowNode[];
  edges: FlowEdge[];
  /** Whether this build ran the layout (the tree's shape changed). */
  laidOut: boolean;
}

function shapeOf(nodes: readonly FlowNode[], edges: readonly FlowEdge[]): string {
  return `${nodes.map((node) => node.id).join(",")}|${edges.map((edge) => `${edge.source}>${edge.target}`).join(",")}`;
}

export function createFlowBuilder(): (steps: readonly EditorStep[], options?: FlowOptions) => Flow {
  let shape: string | null = null;
  let positions = new Map<string, { x: number; y: number }>();
  let previousNodes: FlowNode[] = [];
  let previousEdges: FlowEdge[] = [];
  return (steps, options) => {
    const flow = sequenceToFlow(steps, options);
    const nextShape = shapeOf(flow.nodes, flow.edges);
    const laidOut = nextShape !== shape;
    if (laidOut) {
      positions = new Map(layoutFlow(flow.nodes, flow.edges).map((node) => [node.id, node.position]));
      shape = nextShape;
    }
    const placed = flow.nodes.map((node) => ({ ...node, position: positions.get(node.id) ?? node.position }) as FlowNode);
    previousNodes = reuseNodes(previousNodes, placed);
    previousEdges = reuseEdges(previousEdges, flow.edges);
    return { nodes: previousNodes, edges: previousEdges, laidOut };
  };
}
