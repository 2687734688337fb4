// Validation problems placed on the steps they concern. The draft is checked with wireSequence, the
// very function the API runs, and a refused save (its `fields`) is placed the same way.
import type { FieldIssue } from "@/server/lib/errors";
import type { WiredSequence } from "@/server/schemas/sequence";
import { wireSequence } from "@/server/domain/sequence/wire-sequence";
import { toSequenceInput } from "./sequence-input";
import type { EditorStep } from "./tree";

/**
 * The API ends each message with the step it concerns, "(step 3 (st_1a2b, Message))", which the
 * editor already shows by placing the problem on that step.
 */
export function withoutStepLabel(message: string): string {
  return message.replace(/\s*\(step \d+ \([^()]*\)(, variant [A-Z])?\)$/, "");
}

export interface StepIssue {
  /** The field inside the step, e.g. `config.note` or `config.variants.1.text`; "" for the step itself. */
  field: string;
  message: string;
}

export interface SequenceIssues {
  byStep: Map<string, StepIssue[]>;
  /** Problems that name no single step (e.g. "at most 500 steps", or a removed step). */
  general: FieldIssue[];
}

export const NO_ISSUES: SequenceIssues = { byStep: new Map(), general: [] };

const STEP_FIELD = /(?:^|\.)steps\.(\d+)(?:\.(.+))?$/;

/** Places field issues (`sequence.steps.3.config.note`, or tRPC's `changes.sequence.steps.3…`) on steps. */
export function placeIssues(fields: readonly FieldIssue[], steps: readonly EditorStep[]): SequenceIssues {
  const byStep = new Map<string, StepIssue[]>();
  const general: FieldIssue[] = [];
  for (const issue of fields) {
    const match = STEP_FIELD.exec(issue.field);
    const step = match ? steps[Number(match[1])] : undefined;
    if (!step) {
      general.push(issue);
      continue;
    }
    byStep.set(step.id, [...(byStep.get(step.id) ?? []), { field: match![2] ?? "", message: withoutStepLabel(issue.message) }]);
  }
  // The flat copy mirrors variant A: one problem in both is shown once, on variant A.
  for (const [id, list] of byStep) {
    const onVariantA = new Set(list.map((issue) => `${issue.field}|${issue.message}`));
    byStep.set(
      id,
      list.filter((issue) => !/^config\.[A-Za-z]+$/.test(issue.field) || !onVariantA.has(`${issue.field.replace("config.", "config.variants.0.")}|${issue.message}`)),
    );
  }
  return { byStep, general };
}

/** The field issues carried by a HeraldError (details.fields) or a tRPC error (data.fields). */
export function fieldsOfError(error: unknown): FieldIssue[] | null {
  if (!error || typeof error !== "object") return null;
  const details = (error as { details?: { fields?: unknown } }).details;
  const data = (error as { data?: { fields?: unknown } | null }).data;
  const fields = details?.fields ?? data?.fields;
  return Array.isArray(fields) ? (fields as FieldIssue[]) : null;
}

/** Runs the API's rules on the draft: the wired sequence, or the problems placed on steps. */
export function validateDraft(steps: readonly EditorStep[], previous?: WiredSequence): { wired: WiredSequence | null; issues: SequenceIssues } {
  try {
    return { wired: wireSequence(toSequenceInput(steps), { previous }), issues: NO_ISSUES };
  } catch (error) {
    const fields = fieldsOfError(error);
    if (!fields) throw error;
    return { wired: null, issues: placeIssues(fields, steps) };
  }
}

/** Issues about a variant's field: `config.variants.<index>.<field>`, or variant A's flat `config.<field>`. */
export function issuesForField(issues: readonly StepIssue[], variantIndex: number, field: string): StepIssue[] {
  return issues.filter(
    (issue) => issue.field === `config.variants.${variantIndex}.${field}` || (variantIndex === 0 && issue.field === `config.${field}`),
  );
}

/** A missing required copy is work still to do, not a mistake: the node shows it as incomplete. */
export function isIncompleteOnly(issues: readonly StepIssue[]): boolean {
  return issues.length > 0 && issues.every((issue) => issue.message.startsWith("is required"));
}

/** Issues from several sources (the browser's check, a refused save), each problem once. */
export function mergeIssues(...sources: Array<ReadonlyMap<string, StepIssue[]>>): Map<string, StepIssue[]> {
  const merged = new Map<string, StepIssue[]>();
  for (const source of sources) {
    for (const [id, list] of source) {
      const known = merged.get(id) ?? [];
      merged.set(id, [...known, ...list.filter((issue) => !known.some((other) => other.field === issue.field && other.message === issue.message))]);
    }
  }
  return merged;
}
