// Pure converters between the draft sequence and React Flow's nodes and edges. Every open branch
// gets an "add step" placeholder node; the first step's slot gets one when the tree is empty.
// Nodes keep the draft's step order, so flowToSequence gives back the same sequence.
import type { Edge, Node } from "@xyflow/react";
import { NOT_YET_AVAILABLE, REPLY_STEPS, STEP_LABELS, type StepType } from "@/server/schemas/sequence";
import { copyPreview, type CopyPreview } from "./copy-preview";
import type { StepIssue } from "./issues";
import { branchTiming, timingPhrase } from "./timing";
import { allowedKinds, branchesOf, indexTree, preorder, slotKey, stepAt, type Branch, type EditorStep, type Slot } from "./tree";

export const STEP_NODE_SIZE = { width: 272, height: 112 } as const;
export const ADD_NODE_SIZE = { width: 208, height: 44 } as const;

export type StepNodeData = {
  step: EditorStep;
  /** Position in tree order (depth first, yes before no), from 1. */
  number: number;
  label: string;
  preview: CopyPreview;
  variantCount: number;
  notYetAvailable: boolean;
  issues: StepIssue[];
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
  const ordered = preorder(steps, index);
  const numbers = new Map(ordered.map((step, position) => [step.id, position + 1]));
  const nodes: FlowNode[] = [];
  const edges: FlowEdge[] = [];

  for (const step of steps) {
    const issues = options.issues?.get(step.id) ?? [];
    const label = STEP_LABELS[step.type];
    const number = numbers.get(step.id) ?? 0;
    nodes.push({
      id: step.id,
      type: "step",
      position: { x: 0, y: 0 },
      ...STEP_NODE_SIZE,
      selected: options.selectedId === step.id,
      ariaRole: "button",
      ariaLabel: `Step ${number}: ${label}${issues.length ? `, ${issues.length} ${issues.length === 1 ? "problem" : "problems"}` : ""}`,
      data: {
        step,
        number,
        label,
        preview: copyPreview(step),
        variantCount: step.config.variants.length,
        notYetAvailable: NOT_YET_AVAILABLE.has(step.type),
        issues,
        locked: options.lockedIds?.has(step.id) ?? false,
        endsOnReply: REPLY_STEPS.has(step.type),
      },
    });
  }

  const selectedPlaceholder = options.selectedSlot ? placeholderId(options.selectedSlot) : null;
  const addPlaceholder = (slot: Slot, description: string) => {
    const id = placeholderId(slot);
    nodes.push({
      id,
      type: "add",
      position: { x: 0, y: 0 },
      ...ADD_NODE_SIZE,
      selected: id === selectedPlaceholder,
      ariaRole: "button",
      ariaLabel: description,
      data: { slot, description, allowed: allowedKinds(steps, slot, index) },
    });
    return id;
  };

  if (!steps.length) addPlaceholder({ parentId: null, branch: null }, "Add the first step");

  // Edges in tree order, yes before no: the layout keeps that order from left to right.
  for (const step of ordered) {
    for (const branch of branchesOf(step.type)) {
      const slot = { parentId: step.id, branch };
      const child = stepAt(index, slot);
      const timing = branchTiming(step, branch);
      const target = child ? child.id : addPlaceholder(slot, `Add a step after ${timing.meaning} (step ${numbers.get(step.id)}, ${STEP_LABELS[step.type]})`);
      edges.push({
        id: edgeId(step.id, branch),
        type: "branch",
        source: step.id,
        target,
        focusable: false,
        data: { branch, meaning: timing.meaning, when: timingPhrase(timing), defaulted: timing.defaulted, toPlaceholder: !child },
      });
    }
  }
  return { nodes, edges };
}

/** The steps of a flow, wired as its edges say; placeholders are left out. */
export function flowToSequence(nodes: readonly FlowNode[], edges: readonly FlowEdge[]): EditorStep[] {
  const incoming = new Map(edges.map((edge) => [edge.target, edge]));
  return nodes
    .filter((node): node is StepFlowNode => node.type === "step")
    .map((node) => {
      const edge = incoming.get(node.id);
      return { ...node.data.step, parent: edge ? edge.source : null, branch: edge ? (edge.data?.branch ?? null) : null };
    });
}
