// Turns a sequence as sent (a linear list, or a tree by id / parent / branch) into a wired tree,
// enforcing every rule: branches that exist for the parent's kind, one child per branch, the
// connected-branch restrictions, content per kind, placeholders, and variant A's flat copy.
// Pure and free of Node built-ins: the sequence editor runs the same rules in the browser.
import { HeraldError, type FieldIssue } from "../../lib/errors";
import { fieldIssues } from "../../lib/zod-issues";
import {
  BRANCHING_STEPS,
  EMAIL_ACTIVITY_CONDITIONS,
  NOT_BELOW_CONNECTED,
  REPLY_STEPS,
  STEP_LABELS,
  ZSequence,
  type StepType,
  type TStepConfig,
  type TVariantContent,
  type WiredSequence,
  type WiredStep,
} from "../../schemas/sequence";
import { checkAiLines } from "./ai-lines";
import { repliesInThread } from "./email-thread";
import { spintaxProblem } from "./spintax";

const CONTENT_FIELDS = ["text", "fallbackText", "html", "note", "fallbackNote", "subject", "fallbackSubject", "script", "fallbackScript", "prompt", "attachments", "voice"] as const;
type ContentField = (typeof CONTENT_FIELDS)[number];

/** Content fields each kind accepts. */
const FIELDS_OF: Record<StepType, ReadonlySet<ContentField>> = {
  visit_profile: new Set(),
  invite: new Set(["note", "fallbackNote"]),
  message: new Set(["text", "fallbackText", "attachments", "voice"]),
  inmail: new Set(["subject", "fallbackSubject", "text", "fallbackText", "attachments"]),
  if_connected: new Set(),
  if_open_profile: new Set(),
  if_has_email: new Set(),
  if_has_linkedin: new Set(),
  if_has_variable: new Set(),
  if_email_opened: new Set(),
  if_email_clicked: new Set(),
  find_email: new Set(),
  task: new Set(["text", "fallbackText"]),
  comment_post: new Set(["prompt"]),
  ai_voice_note: new Set(["script", "fallbackScript"]),
  voice_note: new Set(["voice"]),
  // No attachments: e-mails go out as text and HTML only (attachments hurt deliverability of cold e-mail).
  email: new Set(["subject", "fallbackSubject", "text", "fallbackText", "html"]),
  like_post: new Set(),
  follow: new Set(),
};

/** The branch a linear chain follows after each kind ("natural continuation"). */
export function naturalContinuation(type: StepType): "yes" | "no" | null {
  if (BRANCHING_STEPS.has(type)) return "yes";
  if (REPLY_STEPS.has(type)) return "no";
  return null;
}

function randomHex(bytes: number): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function newStepId(): string {
  return `st_${randomHex(4)}`;
}

export function newVariantId(): string {
  return `v_${randomHex(3)}`;
}

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * Placeholders are a name with an optional fallback after a pipe (render-copy.ts reads them); the
 * rest of the braces are spintax's, which must open and close (spintax.ts says how `{{` is told apart).
 */
function checkPlaceholders(value: string): string | null {
  const withoutValid = value.replace(PLACEHOLDER, (_match, inside: string) => (/^(ai\.)?[A-Za-z_][A-Za-z0-9_]*\s*(\|.*)?$/s.test(inside) ? "" : "\u0000"));
  if (withoutValid.includes("\u0000")) return "has a placeholder that is not a name: write {{firstName}}, {{myVariable}} or, with a fallback, {{company|your team}}";
  return spintaxProblem(value);
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

interface Problems {
  add(field: string, message: string): void;
  list: FieldIssue[];
  /** E-mail variants without a subject, by field: a problem only for an e-mail that starts a thread. */
  subjectless: Array<{ field: string; label: string }>;
}

function problems(): Problems {
  const list: FieldIssue[] = [];
  return { list, add: (field, message) => list.push({ field, message }), subjectless: [] };
}

function contentOf(source: Partial<Record<ContentField, unknown>>): Partial<Record<ContentField, unknown>> {
  return Object.fromEntries(CONTENT_FIELDS.filter((field) => source[field] !== undefined).map((field) => [field, source[field]]));
}

function checkContent(type: StepType, content: Partial<Record<ContentField, unknown>>, field: string, report: Problems, label: string) {
  const allowed = FIELDS_OF[type];
  for (const name of Object.keys(content) as ContentField[]) {
    if (!allowed.has(name)) report.add(`${field}.${name}`, `does not belong to a ${STEP_LABELS[type]} step`);
  }
  for (const name of ["text", "fallbackText", "html", "note", "fallbackNote", "subject", "fallbackSubject", "script", "fallbackScript", "prompt"] as const) {
    const value = content[name];
    if (typeof value === "string") {
      const problem = checkPlaceholders(value);
      if (problem) report.add(`${field}.${name}`, problem);
    }
  }
  const blank = (name: ContentField) => typeof content[name] !== "string" || !(content[name] as string).trim();
  if (type === "message" && blank("text") && !content.voice) report.add(`${field}.text`, `is required (${label})`);
  if (type === "inmail" && blank("subject")) report.add(`${field}.subject`, `is required (${label})`);
  if (type === "inmail" && blank("text")) report.add(`${field}.text`, `is required (${label})`);
  // Whether an e-mail needs a subject depends on the steps above it: decided once the tree is wired.
  if (type === "email" && blank("subject")) report.subjectless.push({ field: `${field}.subject`, label });
  if (type === "email" && blank("text") && blank("html")) report.add(`${field}.text`, `is required: an e-mail needs a body, as plain text or HTML (${label})`);
  if (type === "task" && blank("text")) report.add(`${field}.text`, `is required: what the person should do (${label})`);
  if (type === "comment_post" && blank("prompt")) report.add(`${field}.prompt`, `is required (${label})`);
  if (type === "ai_voice_note" && blank("script")) report.add(`${field}.script`, `is required (${label})`);
}

/** Variants with ids, variant A equal to the flat copy; the flat copy is variant A's content. */
function wireVariants(
  step: { type: StepType; config: TStepConfig },
  index: number,
  report: Problems,
  label: string,
  previousVariants: Array<{ id: string }> = [],
  previousPromoted?: string | null,
): WiredStep["config"] {
  const base = `sequence.steps.${index}.config`;
  const flat = contentOf(step.config);
  const given = step.config.variants;
  let variants: Array<TVariantContent & { id: string }>;
  if (!given?.length) {
    variants = [{ ...(flat as TVariantContent), id: "a" }];
  } else {
    const first = given[0]!;
    for (const [name, value] of Object.entries(flat)) {
      const inVariant = (first as Record<string, unknown>)[name];
      if (inVariant !== undefined && !sameValue(inVariant, value)) {
        report.add(`${base}.${name}`, `conflicts with config.variants[0].${name}: variant A's flat copy must equal variant A (${label})`);
      }
    }
    const ids = new Set<string>();
    variants = given.map((variant, variantIndex) => {
      const content = variantIndex === 0 ? { ...flat, ...contentOf(variant) } : contentOf(variant);
      const id = variant.id ?? previousVariants[variantIndex]?.id ?? (variantIndex === 0 ? "a" : newVariantId());
      if (ids.has(id)) report.add(`${base}.variants.${variantIndex}.id`, `repeats the variant id ${id}`);
      ids.add(id);
      return { ...(content as TVariantContent), id };
    });
  }
  variants.forEach((variant, variantIndex) => {
    const field = given?.length ? `${base}.variants.${variantIndex}` : base;
    checkContent(step.type, contentOf(variant), field, report, given?.length && given.length > 1 ? `${label}, variant ${String.fromCharCode(65 + variantIndex)}` : label);
  });
  checkAiLines(step, variants, base, label).forEach((issue) => report.add(issue.field, issue.message));
  if (step.type === "voice_note" && !variants[0]?.voice && !step.config.voiceAssignments?.length) {
    report.add(`${base}.voice`, `is required, or voiceAssignments (${label})`);
  }
  const variantA = variants[0]!;
  const { id: _id, ...contentA } = variantA;
  const { promotedVariantId: promotedGiven, ...config } = step.config;
  // A save that leaves the promotion out keeps the one stored (an editor or a client that loaded the
  // sequence before a promotion must not undo it); null clears it. A promotion whose variant was
  // removed goes with it.
  const kept = promotedGiven === undefined && previousPromoted && variants.some((variant) => variant.id === previousPromoted) ? previousPromoted : undefined;
  const promotedVariantId = promotedGiven === undefined ? kept : promotedGiven;
  if (promotedVariantId && !variants.some((variant) => variant.id === promotedVariantId)) {
    report.add(`${base}.promotedVariantId`, `names no variant of this step: ${promotedVariantId} (${label})`);
  }
  return { ...config, ...contentA, variants, ...(promotedVariantId ? { promotedVariantId } : {}) };
}

export interface WireOptions {
  makeId?: () => string;
  /**
   * The sequence being replaced (PATCH): a linear chain sent without ids keeps the old steps' ids
   * position by position, and variants sent without ids keep the old variants' ids, so leads stay
   * on their steps and per-variant results stay comparable.
   */
  previous?: WiredSequence;
}

/** The steps above a step, nearest first (stops at a cycle, which is reported elsewhere). */
function ancestors(byId: Map<string, WiredStep>, step: WiredStep): WiredStep[] {
  const found: WiredStep[] = [];
  const seen = new Set([step.id]);
  for (let parent = step.parent ? byId.get(step.parent) : undefined; parent && !seen.has(parent.id); parent = parent.parent ? byId.get(parent.parent) : undefined) {
    seen.add(parent.id);
    found.push(parent);
  }
  return found;
}

/**
 * An e-mail activity condition asks about an e-mail the lead got before reaching it: an e-mail step
 * above it (the one `config.emailStepId` names, when it names one). Its window and step only belong to it.
 */
function checkEmailActivity(byId: Map<string, WiredStep>, step: WiredStep, index: number, report: Problems, label: string): void {
  const field = `sequence.steps.${index}.config`;
  if (!EMAIL_ACTIVITY_CONDITIONS.has(step.type)) {
    if (step.config.windowHours !== undefined) report.add(`${field}.windowHours`, `only applies to "If e-mail opened" and "If link clicked" steps (${label})`);
    if (step.config.emailStepId !== undefined) report.add(`${field}.emailStepId`, `only applies to "If e-mail opened" and "If link clicked" steps (${label})`);
    return;
  }
  const emailsAbove = ancestors(byId, step).filter((above) => above.type === "email");
  const asked = step.config.emailStepId;
  if (asked === undefined) {
    if (!emailsAbove.length) report.add(`sequence.steps.${index}.type`, `needs an e-mail step above it: it asks whether the lead opened or clicked the campaign's e-mail (${label})`);
  } else if (!emailsAbove.some((above) => above.id === asked)) {
    const named = byId.get(asked);
    const why = !named ? "names no step of this sequence" : named.type !== "email" ? `names a ${STEP_LABELS[named.type]} step, not an e-mail` : "names an e-mail step that is not above this condition, so the lead may not have got it";
    report.add(`${field}.emailStepId`, `${why}: ${asked} (${label})`);
  }
}

/** Validates and wires a sequence; a 400 lists every problem, each naming the step and field. */
export function wireSequence(input: unknown, options: WireOptions = {}): WiredSequence {
  const parsed = ZSequence.safeParse(input);
  if (!parsed.success) {
    const fields = fieldIssues(parsed.error, "sequence");
    throw HeraldError.invalidInput(`Invalid ${fields[0]!.field}: ${fields[0]!.message}`, fields);
  }
  const steps = parsed.data.steps;
  const report = problems();
  const makeId = options.makeId ?? newStepId;
  const linear = steps.every((step) => step.id === undefined && step.parent == null && step.branch == null);

  const previousIds = linear ? (options.previous?.steps ?? []).map((step) => step.id) : [];
  const ids = steps.map((step, index) => step.id ?? previousIds[index] ?? makeId());
  const previousById = new Map((options.previous?.steps ?? []).map((step) => [step.id, step]));
  const seen = new Map<string, number>();
  ids.forEach((id, index) => {
    if (seen.has(id)) report.add(`sequence.steps.${index}.id`, `repeats the id of step ${seen.get(id)} (${id})`);
    else seen.set(id, index);
  });
  const label = (index: number) => `step ${index} (${ids[index]}, ${STEP_LABELS[steps[index]!.type]})`;

  const wired: WiredStep[] = steps.map((step, index) => {
    let parent: string | null = step.parent ?? null;
    let branch: "yes" | "no" | null = step.branch ?? null;
    if (linear && index > 0) {
      parent = ids[index - 1]!;
      branch = naturalContinuation(steps[index - 1]!.type);
    }
    return {
      id: ids[index]!,
      type: step.type,
      parent,
      branch,
      config: wireVariants(step, index, report, label(index), previousById.get(ids[index]!)?.config.variants, previousById.get(ids[index]!)?.config.promotedVariantId),
      nextDelayHours: step.nextDelayHours,
      branchDelays: step.branchDelays,
    };
  });

  const byId = new Map<string, WiredStep>();
  for (const step of wired) if (!byId.has(step.id)) byId.set(step.id, step);
  const roots = wired.filter((step) => step.parent === null);
  if (wired.length && roots.length !== 1) {
    roots.slice(1).forEach((root) => {
      report.add(
        `sequence.steps.${wired.indexOf(root)}.parent`,
        `is required: a sequence has one first step (${root.id} has no parent). Omit id, parent and branch on every step for a linear chain`,
      );
    });
  }
  const taken = new Map<string, number>();
  wired.forEach((step, index) => {
    if (step.parent === null) {
      if (step.branch !== null) report.add(`sequence.steps.${index}.branch`, `is only for steps with a parent (${label(index)})`);
      return;
    }
    const parent = byId.get(step.parent);
    if (!parent) {
      report.add(`sequence.steps.${index}.parent`, `names no step of this sequence: ${step.parent} (${label(index)})`);
      return;
    }
    if (BRANCHING_STEPS.has(parent.type)) {
      if (step.branch === null) report.add(`sequence.steps.${index}.branch`, `is required below a ${STEP_LABELS[parent.type]} step: yes or no (${label(index)})`);
    } else if (REPLY_STEPS.has(parent.type)) {
      if (step.branch === "yes") {
        report.add(`sequence.steps.${index}.branch`, `must be no: a reply to a ${STEP_LABELS[parent.type]} ends the sequence (${label(index)})`);
      }
      step.branch = "no";
    } else if (step.branch !== null) {
      report.add(`sequence.steps.${index}.branch`, `must be omitted: a ${STEP_LABELS[parent.type]} step has a single next step (${label(index)})`);
    }
    const slot = `${step.parent}:${step.branch ?? "next"}`;
    if (taken.has(slot)) {
      report.add(`sequence.steps.${index}.parent`, `${parent.id} already has a step on this branch: step ${taken.get(slot)} (${label(index)})`);
    } else taken.set(slot, index);
  });

  // Cycles and the connected-branch rule: walk up from every step.
  wired.forEach((step, index) => {
    const visited = new Set<string>([step.id]);
    let current: WiredStep | undefined = step;
    while (current?.parent) {
      const parent = byId.get(current.parent);
      if (!parent) break;
      if (visited.has(parent.id)) {
        report.add(`sequence.steps.${index}.parent`, `makes a cycle through ${parent.id} (${label(index)})`);
        break;
      }
      if (current.branch === "yes" && (parent.type === "invite" || parent.type === "if_connected") && NOT_BELOW_CONNECTED.has(step.type)) {
        report.add(
          `sequence.steps.${index}.type`,
          `${STEP_LABELS[step.type]} cannot sit below the connected branch of ${parent.id} (${STEP_LABELS[parent.type]}, yes): the lead is already connected (${label(index)})`,
        );
        break;
      }
      visited.add(parent.id);
      current = parent;
    }
  });

  wired.forEach((step, index) => checkEmailActivity(byId, step, index, report, label(index)));

  for (const missing of report.subjectless) {
    const index = Number(/^sequence\.steps\.(\d+)\./.exec(missing.field)![1]);
    const step = wired[index]!;
    if (!repliesInThread(byId, step)) {
      const why = step.config.newThread ? "an e-mail that starts a new thread" : "the lead's first e-mail of the campaign";
      report.add(missing.field, `is required: ${why} needs a subject line (${missing.label})`);
    }
  }

  wired.forEach((step, index) => {
    if (step.type !== "invite" && (step.config.withdrawEnabled !== undefined || step.config.withdrawDays !== undefined)) {
      report.add(`sequence.steps.${index}.config.withdrawDays`, `only applies to invite steps (${label(index)})`);
    }
    if (step.type !== "inmail" && step.config.whenUnable !== undefined) {
      report.add(`sequence.steps.${index}.config.whenUnable`, `only applies to inmail steps (${label(index)})`);
    }
    if (step.type !== "email" && step.config.newThread !== undefined) {
      report.add(`sequence.steps.${index}.config.newThread`, `only applies to e-mail steps (${label(index)})`);
    }
    if (step.type !== "email" && step.config.whenValueMissing !== undefined) {
      report.add(`sequence.steps.${index}.config.whenValueMissing`, `only applies to e-mail steps (${label(index)})`);
    }
    for (const name of ["taskKind", "dueHours"] as const) {
      if (step.type !== "task" && step.config[name] !== undefined) report.add(`sequence.steps.${index}.config.${name}`, `only applies to "Manual task" steps (${label(index)})`);
    }
    if (step.type !== "voice_note" && step.config.voiceAssignments !== undefined) {
      report.add(`sequence.steps.${index}.config.voiceAssignments`, `only applies to recorded voice note steps (${label(index)})`);
    }
    if (step.type === "if_has_variable" && !step.config.variable) {
      report.add(`sequence.steps.${index}.config.variable`, `is required: the name of the custom variable to look at, as in {{name}} (${label(index)})`);
    }
    if (step.type !== "if_has_variable" && step.config.variable !== undefined) {
      report.add(`sequence.steps.${index}.config.variable`, `only applies to "If variable is set" steps (${label(index)})`);
    }
  });

  if (report.list.length) {
    const first = report.list[0]!;
    throw HeraldError.invalidInput(
      `Invalid ${first.field}: ${first.message}${report.list.length > 1 ? ` (and ${report.list.length - 1} more)` : ""}`,
      report.list,
    );
  }
  return { steps: wired };
}

/** The step a lead starts at. */
export function firstStep(sequence: WiredSequence): WiredStep | null {
  return sequence.steps.find((step) => step.parent === null) ?? null;
}

/** The step on a branch (or the single next step) after a step. */
export function nextStep(sequence: WiredSequence, stepId: string, branch: "yes" | "no" | null): WiredStep | null {
  return sequence.steps.find((step) => step.parent === stepId && step.branch === branch) ?? null;
}
