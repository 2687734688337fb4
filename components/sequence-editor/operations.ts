// Pure edits of the draft tree: add a step on an open slot, delete a step with its subtree,
// retype a step, move a subtree to another open slot. Each returns a new array (or null when the
// edit would break the tree's rules) and keeps the order of the steps that stay, so that a
// validation issue's index still names the same step.
import { AI_LINE_STEPS } from "@/server/domain/sequence/ai-lines";
import { EMAIL_ACTIVITY_CONDITIONS, NOT_BELOW_CONNECTED, type StepType } from "@/server/schemas/sequence";
import { naturalContinuation, newStepId } from "@/server/domain/sequence/wire-sequence";
import { contentFieldsOf, CONTENT_FIELDS } from "./fields";
import { branchesOf, connectedRuleViolations, emailActivityViolations, indexTree, kindFitsAbove, slotBelowConnected, stepAt, subtreeIds, type Branch, type EditorStep, type Slot } from "./tree";
import { withFlatCopy } from "./variants";

/** A new step of a kind, with variant A empty. */
export function createStep(type: StepType, slot: Slot, id: string = newStepId()): EditorStep {
  return { id, type, parent: slot.parentId, branch: slot.parentId === null ? null : slot.branch, config: { variants: [{ id: "a" }] } };
}

/** Adds a step on an open slot; null when the slot is taken or the kind is not allowed there. */
export function addStep(steps: readonly EditorStep[], slot: Slot, type: StepType, id?: string): { steps: EditorStep[]; step: EditorStep } | null {
  const index = indexTree(steps);
  if (slot.parentId === null ? steps.length > 0 : !index.byId.has(slot.parentId)) return null;
  if (slot.parentId !== null && !branchesOf(index.byId.get(slot.parentId)!.type).includes(slot.branch)) return null;
  if (stepAt(index, slot)) return null;
  if (!kindFitsAbove(index, slot, type)) return null;
  const step = createStep(type, slot, id);
  return { steps: [...steps, step], step };
}

/** Removes a step and every step below it. */
export function removeSubtree(steps: readonly EditorStep[], id: string): EditorStep[] {
  const removed = new Set(subtreeIds(steps, id));
  return steps.filter((step) => !removed.has(step.id));
}

/** Replaces one step by what `change` makes of it. */
export function updateStep(steps: readonly EditorStep[], id: string, change: (step: EditorStep) => EditorStep): EditorStep[] {
  return steps.map((step) => (step.id === id ? change(step) : step));
}

/** Keeps only the config that belongs to a kind (content fields, and each kind's own settings). */
function configFor(type: StepType, config: EditorStep["config"]): EditorStep["config"] {
  const allowed = contentFieldsOf(type);
  const variants = config.variants.map((variant) => {
    const kept: Record<string, unknown> = { ...variant };
    for (const field of CONTENT_FIELDS) if (!allowed.has(field)) delete kept[field];
    return kept as (typeof config.variants)[number];
  });
  const next = withFlatCopy({ ...config, variants });
  if (type !== "invite") {
    delete next.withdrawEnabled;
    delete next.withdrawDays;
  }
  if (type !== "inmail") delete next.whenUnable;
  if (type !== "email") {
    delete next.newThread;
    delete next.whenValueMissing;
  }
  if (type !== "voice_note") delete next.voiceAssignments;
  if (!AI_LINE_STEPS.has(type)) {
    delete next.aiVariables;
    delete next.aiApproval;
  }
  if (type !== "if_has_variable") delete next.variable;
  if (!EMAIL_ACTIVITY_CONDITIONS.has(type)) {
    delete next.windowHours;
    delete next.emailStepId;
  }
  if (type !== "task") {
    delete next.taskKind;
    delete next.dueHours;
  }
  return next;
}

/** Changes a step's kind, keeping the copy the new kind accepts; null when its children cannot follow. */
export function retypeStep(steps: readonly EditorStep[], id: string, type: StepType): EditorStep[] | null {
  const step = steps.find((candidate) => candidate.id === id);
  if (!step) return null;
  if (step.type === type) return [...steps];
  const newBranches = branchesOf(type);
  const children = steps.filter((candidate) => candidate.parent === id);
  const remap = new Map<string, Branch>();
  const taken = new Set<Branch>();
  // Children on a branch the new kind also has stay; the natural continuation maps onto the new one.
  for (const child of children) {
    if (newBranches.includes(child.branch)) {
      remap.set(child.id, child.branch);
      taken.add(child.branch);
    }
  }
  for (const child of children) {
    if (remap.has(child.id)) continue;
    const target = naturalContinuation(type);
    if (child.branch !== naturalContinuation(step.type) || taken.has(target)) return null;
    remap.set(child.id, target);
    taken.add(target);
  }
  const next = steps.map((candidate) => {
    if (candidate.id === id) {
      const { branchDelays: _delays, nextDelayHours: _next, ...rest } = candidate;
      return { ...rest, type, config: configFor(type, candidate.config) };
    }
    if (remap.has(candidate.id)) return { ...candidate, branch: remap.get(candidate.id)! };
    return candidate;
  });
  // Only the step and what lies below it can have come to break the rules (an e-mail retyped leaves the conditions below it without their e-mail).
  const below = new Set(subtreeIds(next, id));
  return connectedRuleViolations(next, below).length || emailActivityViolations(next, below).length ? null : next;
}

/** The kinds a step may be changed to where it stands. */
export function retypeOptions(steps: readonly EditorStep[], id: string, kinds: readonly StepType[]): StepType[] {
  return kinds.filter((type) => retypeStep(steps, id, type) !== null);
}

/** Moves a step with its subtree onto an open slot outside it; null when not allowed there. */
export function moveSubtree(steps: readonly EditorStep[], id: string, slot: Slot): EditorStep[] | null {
  if (slot.parentId === null) return null;
  const inside = new Set(subtreeIds(steps, id));
  if (inside.has(slot.parentId)) return null;
  const index = indexTree(steps);
  const parent = index.byId.get(slot.parentId);
  if (!parent || !branchesOf(parent.type).includes(slot.branch) || stepAt(index, slot)) return null;
  const next = steps.map((step) => (step.id === id ? { ...step, parent: slot.parentId, branch: slot.branch } : step));
  return connectedRuleViolations(next, inside).length || emailActivityViolations(next, inside).length ? null : next;
}

/**
 * The open slots a step (with its subtree) may move to: the same answer as trying moveSubtree on
 * each, in one pass over the tree (the side panel asks on every keystroke of a 200-step tree).
 */
export function moveTargets(steps: readonly EditorStep[], id: string, open: readonly Slot[]): Slot[] {
  const index = indexTree(steps);
  const moving = index.byId.get(id);
  if (!moving || moving.parent === null) return [];
  const inside = new Set(subtreeIds(steps, id));
  const needsUnconnected = steps.some((step) => inside.has(step.id) && NOT_BELOW_CONNECTED.has(step.type));
  // Steps inside that already break the rule keep breaking it wherever the subtree goes.
  if (connectedRuleViolations(steps, inside).length) return [];
  // A subtree with conditions on e-mail opens and clicks: whether their e-mails stay above them is tried slot by slot.
  if (steps.some((step) => inside.has(step.id) && EMAIL_ACTIVITY_CONDITIONS.has(step.type))) return open.filter((slot) => moveSubtree(steps, id, slot) !== null);
  return open.filter((slot) => {
    if (slot.parentId === null || inside.has(slot.parentId)) return false;
    const parent = index.byId.get(slot.parentId);
    if (!parent || !branchesOf(parent.type).includes(slot.branch) || stepAt(index, slot)) return false;
    return !needsUnconnected || !slotBelowConnected(index, slot);
  });
}
