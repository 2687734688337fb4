// A campaign's wired sequence as the campaign page lists it: steps in tree order (each step, then
// what follows it on yes, on no), with what each branch means and how long it waits. Also the one
// numbering of steps for people ("#3 Message"), shared by the sequence editor, the campaign page,
// the leads table and the forecast, so that a number means the same step everywhere.
import { DEFAULT_ACCEPTANCE_DAYS, DEFAULT_REPLY_WINDOW_HOURS } from "@/server/domain/sequence/step-timing";
import { BRANCH_MEANING, BRANCHING_STEPS, REPLY_STEPS, STEP_LABELS, STEP_TYPES, type StepType } from "@/server/schemas/sequence";

export interface OutlineStep {
  id: string;
  type: string;
  parent: string | null;
  branch: "yes" | "no" | null;
  variantIds: string[];
  nextDelayHours?: number;
  branchDelays?: { yes?: number; no?: number };
  withdrawDays?: number;
}

export interface OutlineEntry {
  step: OutlineStep;
  /** The step's number for people (see stepNumbers). */
  number: number;
  label: string;
  depth: number;
  /** What the branch into this step means ("Accepted", "No reply"), null for a plain next step or the first step. */
  via: string | null;
  /** Hours the lead waits before this step, once the step above resolved. */
  waitHours: number;
}

function isStepType(type: string): type is StepType {
  return (STEP_TYPES as readonly string[]).includes(type);
}

export function stepLabel(type: string | null | undefined): string {
  if (!type) return "—";
  return isStepType(type) ? STEP_LABELS[type] : type;
}

/**
 * Each step's number for people, from 1: its place in the sequence's steps array, the order the
 * API stores and returns. The editor appends new steps at the end, so adding a step never
 * renumbers the others (a tree-order number would shift every step after the new one); only
 * deleting a step moves the numbers after it down by one.
 */
export function stepNumbers(steps: ReadonlyArray<{ id: string }>): Map<string, number> {
  const numbers = new Map<string, number>();
  steps.forEach((step, index) => {
    if (!numbers.has(step.id)) numbers.set(step.id, index + 1);
  });
  return numbers;
}

/** "#3 Message": a step's number and its kind, as every page names a step. */
export function stepName(number: number, type: string | null | undefined): string {
  return `#${number} ${stepLabel(type)}`;
}

/** Every step's name by its id: "#3 Message". */
export function stepNames(steps: ReadonlyArray<{ id: string; type: string }>): Map<string, string> {
  const numbers = stepNumbers(steps);
  return new Map(steps.filter((step, index) => numbers.get(step.id) === index + 1).map((step) => [step.id, stepName(numbers.get(step.id)!, step.type)]));
}

const hours = (value: unknown) => (typeof value === "number" ? value : undefined);

/** Reads the API's `sequence.steps` (typed loosely there) into what the outline needs. */
export function readSteps(raw: Array<Record<string, unknown>>): OutlineStep[] {
  return raw.map((step) => {
    const config = (step.config ?? {}) as { variants?: Array<{ id?: unknown }>; withdrawDays?: unknown };
    const delays = step.branchDelays as { yes?: unknown; no?: unknown } | undefined;
    return {
      id: String(step.id),
      type: String(step.type),
      parent: typeof step.parent === "string" ? step.parent : null,
      branch: step.branch === "yes" || step.branch === "no" ? step.branch : null,
      variantIds: (config.variants ?? []).map((variant) => String(variant.id)),
      nextDelayHours: hours(step.nextDelayHours),
      branchDelays: delays ? { yes: hours(delays.yes), no: hours(delays.no) } : undefined,
      withdrawDays: hours(config.withdrawDays),
    };
  });
}

function waitBefore(parent: OutlineStep, branch: "yes" | "no" | null): number {
  const type = parent.type as StepType;
  if (REPLY_STEPS.has(type)) return parent.branchDelays?.no ?? parent.nextDelayHours ?? DEFAULT_REPLY_WINDOW_HOURS;
  if (BRANCHING_STEPS.has(type)) {
    if (branch === "yes") return parent.branchDelays?.yes ?? 0;
    if (type === "invite") return parent.branchDelays?.no ?? (parent.withdrawDays ?? DEFAULT_ACCEPTANCE_DAYS) * 24;
    return parent.branchDelays?.no ?? 0;
  }
  return parent.nextDelayHours ?? 0;
}

const BRANCH_ORDER = { yes: 0, no: 1, next: 2 } as const;

/** The steps in tree order from the first step; steps not reachable from it are left out. */
export function outline(steps: OutlineStep[]): OutlineEntry[] {
  const children = new Map<string, OutlineStep[]>();
  for (const step of steps) {
    if (step.parent) children.set(step.parent, [...(children.get(step.parent) ?? []), step]);
  }
  const numbers = stepNumbers(steps);
  const entries: OutlineEntry[] = [];
  const visit = (step: OutlineStep, depth: number, parent: OutlineStep | null) => {
    const meaning = parent && isStepType(parent.type) ? BRANCH_MEANING[parent.type] : undefined;
    entries.push({
      step,
      number: numbers.get(step.id) ?? 0,
      label: stepLabel(step.type),
      depth,
      via: step.branch && meaning ? meaning[step.branch] : null,
      waitHours: parent ? waitBefore(parent, step.branch) : 0,
    });
    const below = [...(children.get(step.id) ?? [])].sort((a, b) => BRANCH_ORDER[a.branch ?? "next"] - BRANCH_ORDER[b.branch ?? "next"]);
    // The branches of a branching step are indented under it; any other next step continues the line.
    const indent = BRANCHING_STEPS.has(step.type as StepType) ? 1 : 0;
    for (const child of below) visit(child, depth + indent, step);
  };
  const root = steps.find((step) => step.parent === null);
  if (root) visit(root, 0, null);
  return entries;
}

/** "3 days", "36 hours", "2 hours", "right away". */
export function formatWait(hoursToWait: number): string {
  if (hoursToWait <= 0) return "right away";
  if (hoursToWait % 24 === 0) return `${hoursToWait / 24} day${hoursToWait === 24 ? "" : "s"}`;
  return `${hoursToWait} hour${hoursToWait === 1 ? "" : "s"}`;
}

/** A step's name from the map of stepNames, or its kind when the sequence no longer has it. */
export function nameOfStep(names: ReadonlyMap<string, string>, stepId: string | null | undefined, type?: string | null): string {
  return (stepId ? names.get(stepId) : undefined) ?? stepLabel(type);
}
