// Pure questions about the draft tree: which branches a step has, which are open, what may be
// added where (the connected-branch rule), and what lies below a step.
import { BRANCHING_STEPS, EMAIL_ACTIVITY_CONDITIONS, NEEDS_CONNECTION, NOT_BELOW_CONNECTED, REPLY_STEPS, type StepType, type WiredStep } from "@/server/schemas/sequence";
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

/** A step of the tree, or an open slot where a step can be added. */
export type TreeItem = { kind: "step"; step: EditorStep } | { kind: "slot"; slot: Slot };

/**
 * Steps and open slots depth first from the first step: each step, then what hangs on its yes
 * branch (a step with everything below it, or the open slot), then its no branch. The canvas
 * puts its nodes in this order, so Tab walks the tree the way it reads; an empty sequence is its
 * first step's slot.
 */
export function treeOrder(steps: readonly EditorStep[], index: TreeIndex = indexTree(steps)): TreeItem[] {
  if (!steps.length) return [{ kind: "slot", slot: { parentId: null, branch: null } }];
  const root = steps.find((step) => step.parent === null);
  const ordered: TreeItem[] = [];
  const seen = new Set<string>();
  const stack: TreeItem[] = root ? [{ kind: "step", step: root }] : [];
  while (stack.length) {
    const item = stack.pop()!;
    if (item.kind === "slot") {
      ordered.push(item);
      continue;
    }
    const step = item.step;
    if (seen.has(step.id)) continue;
    seen.add(step.id);
    ordered.push(item);
    const below = branchesOf(step.type).map((branch): TreeItem => {
      const slot = { parentId: step.id, branch };
      const child = stepAt(index, slot);
      return child ? { kind: "step", step: child } : { kind: "slot", slot };
    });
    for (let position = below.length - 1; position >= 0; position--) stack.push(below[position]!);
  }
  return ordered;
}

/** Steps in depth-first order from the first step, the yes branch before the no branch. */
export function preorder(steps: readonly EditorStep[], index: TreeIndex = indexTree(steps)): EditorStep[] {
  return treeOrder(steps, index).flatMap((item) => (item.kind === "step" ? [item.step] : []));
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

/** The e-mail steps above a slot, nearest first, on its way up to the first step (what an e-mail activity condition may ask about). */
export function emailStepsAbove(index: TreeIndex, slot: Pick<Slot, "parentId">): EditorStep[] {
  const visited = new Set<string>();
  const found: EditorStep[] = [];
  for (let parentId = slot.parentId; parentId !== null && !visited.has(parentId); ) {
    visited.add(parentId);
    const parent = index.byId.get(parentId);
    if (!parent) break;
    if (parent.type === "email") found.push(parent);
    parentId = parent.parent;
  }
  return found;
}

/**
 * E-mail activity conditions (among `among` when given) that would ask about no e-mail above them,
 * or name an e-mail step that is not above them: the API refuses both (wire-sequence.ts).
 */
export function emailActivityViolations(steps: readonly EditorStep[], among?: ReadonlySet<string>): string[] {
  const index = indexTree(steps);
  return steps
    .filter((step) => EMAIL_ACTIVITY_CONDITIONS.has(step.type) && (!among || among.has(step.id)))
    .filter((step) => {
      const above = emailStepsAbove(index, { parentId: step.parent });
      return !above.length || (step.config.emailStepId !== undefined && !above.some((email) => email.id === step.config.emailStepId));
    })
    .map((step) => step.id);
}

export function slotBelowEmail(index: TreeIndex, slot: Pick<Slot, "parentId">): boolean {
  return emailStepsAbove(index, slot).length > 0;
}

/** Whether a kind may hang on a slot for what lies above it: the connected-branch rule, and an e-mail above an e-mail activity condition. */
export function kindFitsAbove(index: TreeIndex, slot: Slot, type: StepType): boolean {
  if (NOT_BELOW_CONNECTED.has(type) && slotBelowConnected(index, slot)) return false;
  return !EMAIL_ACTIVITY_CONDITIONS.has(type) || slotBelowEmail(index, slot);
}

/** The kinds that may hang on a slot, in menu order. */
export function allowedKinds(steps: readonly EditorStep[], slot: Slot, index: TreeIndex = indexTree(steps)): StepType[] {
  return MENU_ORDER.filter((type) => kindFitsAbove(index, slot, type));
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

/** Shown on a message step where the lead may not be a connection. */
export const NOT_CONNECTED_WARNING = "The lead may not be connected here, so this message can only reach them if they are already a connection.";

/**
 * Whether a step sends a LinkedIn message where the lead may not be a connection: anywhere not
 * below the yes of an invitation or of "If connected" (after "Not accepted", after an InMail, or
 * with no invitation before it). A warning, not a mistake: a lead who is already a connection
 * gets the message, any other lead fails at that step.
 */
export function mayNotBeConnected(index: TreeIndex, step: EditorStep): boolean {
  return NEEDS_CONNECTION.has(step.type) && !slotBelowConnected(index, { parentId: step.parent, branch: step.branch });
}

/** The ids of the steps that get the not-connected warning. */
export function notConnectedSteps(steps: readonly EditorStep[], index: TreeIndex = indexTree(steps)): Set<string> {
  return new Set(steps.filter((step) => mayNotBeConnected(index, step)).map((step) => step.id));
}
