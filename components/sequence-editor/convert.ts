// Pure converters between the draft sequence and React Flow's nodes and edges. Every open branch
// gets an "add step" placeholder node; the first step's slot gets one when the tree is empty.
// Nodes come in tree order (the order Tab follows); each step's number is its place in the draft's
// steps array, so flowToSequence gives back the same sequence.
import { Position, type Edge, type Node, type NodeHandle } from "@xyflow/react";
import { REPLY_STEPS, STEP_LABELS, type StepType } from "@/server/schemas/sequence";
import { copyPreview, type CopyPreview } from "./copy-preview";
import type { StepIssue } from "./issues";
import { branchTiming, timingPhrase } from "./timing";
import { stepNumbers } from "@/components/campaigns/sequence-outline";
import { allowedKinds, branchesOf, indexTree, NOT_CONNECTED_WARNING, notConnectedSteps, slotKey, stepAt, treeOrder, type Branch, type EditorStep, type Slot } from "./tree";

export const STEP_NODE_SIZE = { width: 272, height: 112 } as const;
export const ADD_NODE_SIZE = { width: 208, height: 44 } as const;
/** The side of a handle's dot in pixels: the `!h-2 !w-2` of step-node.tsx and add-node.tsx. */
export const HANDLE_SIZE = 8;

/**
 * Where a node's edges attach, declared instead of measured: centred on the top edge (every node)
 * and on the bottom edge (steps), where React Flow's stylesheet puts a Top and a Bottom handle.
 *
 * The canvas is controlled (`nodes` in, no onNodesChange), so the nodes handed to React Flow never
 * carry the `measured` it writes. Whenever a node's object changes (any edit to its step), React
 * Flow then drops that node's measured handles and waits for its ResizeObserver to measure again;
 * a node edited between its first paint and that measurement (a step just added, then typed into)
 * can miss it for good, and every edge of the node stays undrawn. Declared handles are kept across
 * such changes, so an edge is drawn from the layout alone, whenever its nodes are on the canvas.
 */
function declaredHandles(size: { width: number; height: number }, withSource: boolean): NodeHandle[] {
  const x = size.width / 2 - HANDLE_SIZE / 2;
  const dot = { id: null, x, width: HANDLE_SIZE, height: HANDLE_SIZE };
  const target: NodeHandle = { ...dot, type: "target", position: Position.Top, y: -HANDLE_SIZE / 2 };
  const source: NodeHandle = { ...dot, type: "source", position: Position.Bottom, y: size.height - HANDLE_SIZE / 2 };
  return withSource ? [target, source] : [target];
}

export type StepNodeData = {
  step: EditorStep;
  /** The step's number for people: its place in the steps array, from 1 (see stepNumbers). */
  number: number;
  label: string;
  preview: CopyPreview;
  variantCount: number;
  issues: StepIssue[];
  /** A warning that does not block saving (the lead may not be a connection here), or null. */
  warning: string | null;
  /** Leads are in progress and the step is saved: it cannot be deleted, moved or retyped. */
  locked: boolean;
  /** A reply to this step ends the sequence (its yes branch has no step). */
  endsOnReply: boolean;
};

export type AddNodeData = {
  slot: Slot;
  /** What the slot is, for people: "Add the first step", "Add a step after Accepted (step 2)". */
  description: string;
  allowed: StepType[];
};

export type BranchEdgeData = {
  branch: Branch;
  meaning: string;
  when: string;
  defaulted: boolean;
  toPlaceholder: boolean;
};

export type StepFlowNode = Node<StepNodeData, "step">;
export type AddFlowNode = Node<AddNodeData, "add">;
export type FlowNode = StepFlowNode | AddFlowNode;
export type FlowEdge = Edge<BranchEdgeData, "branch">;

export interface FlowOptions {
  issues?: ReadonlyMap<string, StepIssue[]>;
  /** Ids of saved steps once leads are in progress. */
  lockedIds?: ReadonlySet<string>;
  selectedId?: string | null;
  /** The open branch whose add-step menu is open. */
  selectedSlot?: Slot | null;
}

export function placeholderId(slot: Slot): string {
  return `add:${slotKey(slot)}`;
}

function edgeId(parentId: string, branch: Branch): string {
  return `edge:${parentId}:${branch ?? "next"}`;
}

export function sequenceToFlow(steps: readonly EditorStep[], options: FlowOptions = {}): { nodes: FlowNode[]; edges: FlowEdge[] } {
  const index = indexTree(steps);
  const order = treeOrder(steps, index);
  const numbers = stepNumbers(steps);
  const notConnected = notConnectedSteps(steps, index);
  const nodes: FlowNode[] = [];
  const edges: FlowEdge[] = [];

  const addStepNode = (step: EditorStep) => {
    const issues = options.issues?.get(step.id) ?? [];
    const label = STEP_LABELS[step.type];
    const number = numbers.get(step.id) ?? 0;
    const warning = notConnected.has(step.id) ? NOT_CONNECTED_WARNING : null;
    nodes.push({
      id: step.id,
      type: "step",
      position: { x: 0, y: 0 },
      ...STEP_NODE_SIZE,
      handles: declaredHandles(STEP_NODE_SIZE, true),
      selected: options.selectedId === step.id,
      ariaRole: "button",
      ariaLabel: `Step ${number}: ${label}${issues.length ? `, ${issues.length} ${issues.length === 1 ? "problem" : "problems"}` : ""}${warning ? ", the lead may not be connected" : ""}`,
      data: {
        step,
        number,
        label,
        preview: copyPreview(step),
        variantCount: step.config.variants.length,
        issues,
        warning,
        locked: options.lockedIds?.has(step.id) ?? false,
        endsOnReply: REPLY_STEPS.has(step.type),
      },
    });
  };

  const selectedPlaceholder = options.selectedSlot ? placeholderId(options.selectedSlot) : null;
  const addPlaceholder = (slot: Slot) => {
    const id = placeholderId(slot);
    const parent = slot.parentId === null ? undefined : index.byId.get(slot.parentId);
    const description = parent
      ? `Add a step after ${branchTiming(parent, slot.branch).meaning} (step ${numbers.get(parent.id)}, ${STEP_LABELS[parent.type]})`
      : "Add the first step";
    nodes.push({
      id,
      type: "add",
      position: { x: 0, y: 0 },
      ...ADD_NODE_SIZE,
      handles: declaredHandles(ADD_NODE_SIZE, false),
      selected: id === selectedPlaceholder,
      ariaRole: "button",
      ariaLabel: description,
      data: { slot, description, allowed: allowedKinds(steps, slot, index) },
    });
  };

  // Nodes in tree order: React Flow renders them in this order, so Tab and Shift+Tab walk the tree
  // (each step, its yes branch, its no branch) whatever order the steps were added in.
  for (const item of order) {
    if (item.kind === "step") addStepNode(item.step);
    else addPlaceholder(item.slot);
  }
  // Steps the first step does not reach (a stored sequence that breaks the rules) still show, last.
  const placed = new Set(order.flatMap((item) => (item.kind === "step" ? [item.step.id] : [])));
  for (const step of steps) if (!placed.has(step.id)) addStepNode(step);

  // Edges in tree order, yes before no: the layout keeps that order from left to right.
  for (const item of order) {
    if (item.kind !== "step") continue;
    const step = item.step;
    for (const branch of branchesOf(step.type)) {
      const slot = { parentId: step.id, branch };
      const child = stepAt(index, slot);
      const timing = branchTiming(step, branch);
      edges.push({
        id: edgeId(step.id, branch),
        type: "branch",
        source: step.id,
        target: child ? child.id : placeholderId(slot),
        focusable: false,
        data: { branch, meaning: timing.meaning, when: timingPhrase(timing), defaulted: timing.defaulted, toPlaceholder: !child },
      });
    }
  }
  return { nodes, edges };
}

/** The steps of a flow, wired as its edges say, in the order of their numbers; placeholders are left out. */
export function flowToSequence(nodes: readonly FlowNode[], edges: readonly FlowEdge[]): EditorStep[] {
  const incoming = new Map(edges.map((edge) => [edge.target, edge]));
  return nodes
    .filter((node): node is StepFlowNode => node.type === "step")
    .sort((a, b) => a.data.number - b.data.number)
    .map((node) => {
      const edge = incoming.get(node.id);
      return { ...node.data.step, parent: edge ? edge.source : null, branch: edge ? (edge.data?.branch ?? null) : null };
    });
}
