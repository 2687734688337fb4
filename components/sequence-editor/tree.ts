// Pure questions about the draft tree: which branches a step has, which are open, what may be
// added where (the connected-branch rule), and what lies below a step.
import { BRANCHING_STEPS, NOT_BELOW_CONNECTED, REPLY_STEPS, type StepType, type WiredStep } from "@/server/schemas/sequence";
import { MENU_ORDER } from "./kinds";

/** A step of the editor's draft: the wired shape the API returns and accepts. */
export type EditorStep = WiredStep;
export type Branch = "yes" | "no" | null;

/** A place in the tree a step can hang on: a branch of a parent, or the first step. */
export interface Slot {
  parentId: string | null;
  branch: Branch;
}

export function slotKey(slot: Slot): string {
  return `${slot.parentId ?? "root"}:${slot.branch ?? "next"}`;
}

/** The branches that continue after a step of this kind, yes before no. */
export function branchesOf(type: StepType): Branch[] {
  if (BRANCHING_STEPS.has(type)) return ["yes", "no"];
  if (REPLY_STEPS.has(type)) return ["no"];
  return [null];
}

/** The yes of an invite or of if_connected: the lead is a connection from there on. */
export function isConnectedBranch(parentType: StepType, branch: Branch): boolean {
  return branch === "yes" && (parentType === "invite" || parentType === "if_connected");
}

/** Steps by id, and the step on each slot. */
export interface TreeIndex {
  byId: Map<string, EditorStep>;
  bySlot: Map<string, EditorStep>;
}

export function indexTree(steps: readonly EditorStep[]): TreeIndex {
  const byId = new Map<string, EditorStep>();
  const bySlot = new Map<string, EditorStep>();
  for (const step of steps) {
    if (!byId.has(step.id)) byId.set(step.id, step);
    const key = slotKey({ parentId: step.parent, branch: step.parent === null ? null : step.branch });
    if (!bySlot.has(key)) bySlot.set(key, step);
  }
  return { byId, bySlot };
}

/** The step on a slot, if any. */
export function stepAt(index: TreeIndex, slot: Slot): EditorStep | undefined {
  return index.bySlot.get(slotKey(slot));
}

/** Slots with no step yet, in tree order (yes before no); the first step's slot when empty. */
export function openSlots(steps: readonly EditorStep[]): Slot[] {
  if (!steps.length) return [{ parentId: null, branch: null }];
  const index = indexTree(steps);
  const open: Slot[] = [];
  for (const step of preorder(steps, index)) {
    for (const branch of branchesOf(step.type)) {
      const slot = { parentId: step.id, branch };
      if (!stepAt(index, slot)) open.push(slot);
    }
  }
  return open;
}

/** Steps in depth-first order from the first step, the yes branch before the no branch. */
export function preorder(steps: readonly EditorStep[], index: TreeIndex = indexTree(steps)): EditorStep[] {
  const root = steps.find((step) => step.parent === null);
  const ordered: EditorStep[] = [];
  const seen = new Set<string>();
  const stack = root ? [root] : [];
  while (stack.length) {
    const step = stack.pop()!;
    if (seen.has(step.id)) continue;
    seen.add(step.id);
    ordered.push(step);
    const children = branchesOf(step.type)
      .map((branch) => stepAt(index, { parentId: step.id, branch }))
      .filter((child): child is EditorStep => child !== undefined);
    for (let position = children.length - 1; position >= 0; position--) stack.push(children[position]!);
  }
  return ordered;
}

/** Whether a slot lies anywhere below a connected branch. */
export function slotBelowConnected(index: TreeIndex, slot: Slot): boolean {
  let parentId = slot.parentId;
  let branch = slot.branch;
  const visited = new Set<string>();
  while (parentId !== null && !visited.has(parentId)) {
    visited.add(parentId);
    const parent = index.byId.get(parentId);
    if (!parent) return false;
    if (isConnectedBranch(parent.type, branch)) return true;
    parentId = parent.parent;
    branch = parent.branch;
  }
  return false;
}

/** The kinds that may hang on a slot, in menu order. */
export function allowedKinds(steps: readonly EditorStep[], slot: Slot, index: TreeIndex = indexTree(steps)): StepType[] {
  const connected = slotBelowConnected(index, slot);
  return MENU_ORDER.filter((type) => !connected || !NOT_BELOW_CONNECTED.has(type));
}

/** A step and everything below it, parents before children. */
export function subtreeIds(steps: readonly EditorStep[], id: string): string[] {
  const children = new Map<string, string[]>();
  for (const step of steps) {
    if (step.parent === null) continue;
    children.set(step.parent, [...(children.get(step.parent) ?? []), step.id]);
  }
  const ids: string[] = [];
  const seen = new Set<string>();
  const queue = [id];
  while (queue.length) {
    const current = queue.shift()!;
    if (seen.has(current)) continue;
    seen.add(current);
    ids.push(current);
    queue.push(...(children.get(current) ?? []));
  }
  return ids;
}

/** Steps whose place breaks the connected-branch rule (the API refuses them), among `among` when given. */
export function connectedRuleViolations(steps: readonly EditorStep[], among?: ReadonlySet<string>): string[] {
  const index = indexTree(steps);
  return steps
    .filter((step) => !among || among.has(step.id))
    .filter((step) => NOT_BELOW_CONNECTED.has(step.type) && step.parent !== null && slotBelowConnected(index, { parentId: step.parent, branch: step.branch }))
    .map((step) => step.id);
}
