// Per-lead AI lines ("AI variables"): a step declares lines (config.aiVariables, each a name and a
// prompt) that the text provider writes for each lead, and its copy uses them as `{{ai.name}}`. This
// is the one rule for which lines a lead's step needs, whether the step must wait for them to be
// written or approved, and what the copy gets when a line could not be had (its inline fallback,
// else the step's fallback copy, with the reason on the lead's journal). The executor asks it with
// the lines stored for the lead; the forecast with lines assumed written and approved at once, as it
// assumes drafts are. Pure and isomorphic.
import type { FieldIssue } from "../../lib/errors";
import { NOTE_MAX, type StepType, type TAiVariable, type TVariantContent } from "../../schemas/sequence";
import { textLinks } from "../mail/email-links";
import { placeholdersIn, renderCopy, type MergeFields } from "./render-copy";
import { fieldSeed, spinForFilling, type CopySpin } from "./spintax";
import { sha256Words } from "./stable-hash";
import { parse as parseDomain } from "tldts";

/** The step kinds whose copy may use AI lines. */
export const AI_LINE_STEPS: ReadonlySet<StepType> = new Set(["email", "message", "invite", "inmail"]);
/** The copy fields AI lines may appear in. */
const COPY_FIELDS = ["text", "fallbackText", "html", "note", "fallbackNote", "subject", "fallbackSubject", "script", "fallbackScript"] as const;
/** The longest line unless the step says otherwise. */
export const DEFAULT_AI_LINE_MAX = 300;
/** Credits one generated line costs (as a drafted comment). */
export const AI_LINE_COST = 1;

export const AI_PREFIX = "ai.";

/** Where a lead's line stands, as stored (ai_lines.status) or "none" when none was written for the current prompt. */
export type AiLineStatus = "none" | "ready" | "pending-approval" | "approved" | "rejected" | "failed";

export interface AiLineState {
  status: AiLineStatus;
  value?: string | null;
  /** Why there is no value (failed): in words, for the lead's journal. */
  reason?: string | null;
}

/** Why a lead's line was not used, in words. */
export const AI_REASONS = {
  noCredits: "AI credits ran out",
  noFacts: "Nothing is known of this lead to write the line from (no name, headline, job title, company, location or post)",
  providerFailed: "The AI model could not write the line",
  rejected: "The line was rejected in the approvals queue",
  link: "The AI line held a link",
} as const;

/** A step as far as its AI lines go. */
export interface StepWithAiLines {
  type: StepType;
  config: { aiVariables?: TAiVariable[]; aiApproval?: "none" | "required" };
}

/** The declared lines of a step. */
export function declaredAiLines(step: StepWithAiLines): TAiVariable[] {
  return step.config.aiVariables ?? [];
}

type CopyField = (typeof COPY_FIELDS)[number];

/** Every version of the copy at once: what the editor's checks read (every alternative of each choice). */
export const EVERY_VERSION: CopySpin = { seed: null };

/**
 * The spintax seed sending fills a copy field with (email-content.ts renderEmailContent,
 * perform-lead-step.ts): an e-mail's text and HTML bodies share "body", a fallback takes its field's
 * seed with "fallback", a subject borrowed from the first e-mail its seed.
 */
function seedOf(type: StepType, field: CopyField, spin: CopySpin): string | null {
  const body = fieldSeed(spin.seed, type === "email" ? "body" : "text");
  const subject = fieldSeed(spin.subjectSeed === undefined ? spin.seed : spin.subjectSeed, "subject");
  const seeds: Record<CopyField, string | null> = {
    text: body,
    html: fieldSeed(spin.seed, "body"),
    fallbackText: fieldSeed(body, "fallback"),
    subject,
    fallbackSubject: fieldSeed(subject, "fallback"),
    note: fieldSeed(spin.seed, "note"),
    fallbackNote: fieldSeed(fieldSeed(spin.seed, "note"), "fallback"),
    script: fieldSeed(spin.seed, "script"),
    fallbackScript: fieldSeed(fieldSeed(spin.seed, "script"), "fallback"),
  };
  return seeds[field];
}

/**
 * The AI line names a variant's copy uses (declared or not), in order, once each. With `version`,
 * only those in the lead's version of the copy's spintax (a line inside a choice the lead's version
 * leaves out is not used); without, those in any version (the editor's checks).
 */
export function aiNamesIn(variant: Partial<Record<CopyField, unknown>>, version?: { type: StepType; spin: CopySpin }): string[] {
  const names = COPY_FIELDS.flatMap((field) => {
    const value = variant[field];
    if (typeof value !== "string") return [];
    const text = version && version.spin.seed !== null ? spinForFilling(value, seedOf(version.type, field, version.spin)).text : value;
    return placeholdersIn(text).map((use) => use.name);
  });
  return [...new Set(names.filter((name) => name.startsWith(AI_PREFIX)).map((name) => name.slice(AI_PREFIX.length)))];
}

/**
 * The declared lines a lead's version of the step's copy uses: the ones to write, charge and wait
 * for. `spin` is the lead's (the executor's, the preview's and the forecast's alike); EVERY_VERSION
 * reads every alternative.
 */
export function aiLinesUsed(step: StepWithAiLines, variant: Partial<TVariantContent>, spin: CopySpin): TAiVariable[] {
  const used = new Set(aiNamesIn(variant, { type: step.type, spin }));
  return declaredAiLines(step).filter((line) => used.has(line.name));
}

/**
 * Whether a written line holds a link (a web address, www., a domain with a path, an e-mail
 * address): refused, so that a lead's own words (a post read into the prompt) cannot put a link into
 * the e-mail, which its HTML part would link and click tracking would wrap on the tracking domain.
 */
export function aiLineHasLink(value: string): boolean {
  return (
    textLinks(value).length > 0 ||
    /\bwww\./i.test(value) ||
    /[^\s@]+@[^\s@]+\.[a-z]{2,}/i.test(value) ||
    /\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\/\S*/i.test(value) ||
    // A bare domain ("see evil.io"): mail apps link those too. Only names on a real public suffix,
    // so "Node.js" or "e.g." stay words.
    [...value.matchAll(/\b[a-z0-9-]+(?:\.[a-z0-9-]+)+\b/gi)].some((match) => {
      const parsed = parseDomain(match[0].toLowerCase());
      return parsed.isIcann === true && parsed.domainWithoutSuffix !== null && parsed.domainWithoutSuffix !== "";
    })
  );
}

/** A line's prompt fingerprint: a changed prompt (or length) writes a new line. */
export function aiPromptHash(line: Pick<TAiVariable, "prompt" | "maxLength">): string {
  return Array.from(sha256Words(`${line.prompt.trim()}\u0000${line.maxLength ?? DEFAULT_AI_LINE_MAX}`), (word) => word.toString(16).padStart(8, "0")).join("").slice(0, 32);
}

/** What a line is written from. */
export interface AiLineFacts {
  firstName?: string | null;
  lastName?: string | null;
  headline?: string | null;
  jobTitle?: string | null;
  company?: string | null;
  location?: string | null;
  /** The lead's latest post's text, when one was read. */
  postText?: string | null;
}

/** Whether anything is known of the lead to write a line from. */
export function hasAiFacts(facts: AiLineFacts): boolean {
  return [facts.firstName, facts.lastName, facts.headline, facts.jobTitle, facts.company, facts.location, facts.postText].some((value) => typeof value === "string" && value.trim() !== "");
}

export type AiLinesDecision =
  /** Write these lines (none stored for their current prompt), then decide again. */
  | { kind: "generate"; lines: TAiVariable[] }
  /** A line waits for a person in the approvals queue: the step waits. */
  | { kind: "await-approval"; names: string[] }
  /** Every line is settled: `fields` fills `{{ai.name}}` (null where the fallback applies), `fallbacks` says why. */
  | { kind: "ready"; fields: MergeFields; fallbacks: Array<{ name: string; reason: string }> };

/**
 * The decision for a lead's step: lines without a value for their current prompt are written first;
 * a line awaiting approval holds the step; otherwise the step goes on with the values it has, and the
 * ones it has not (failed, rejected, no facts) take the fallback with their reason. A line is
 * written `pending-approval` when the step asks for approval and `ready` otherwise (used as it is).
 */
export function decideAiLines(input: { used: TAiVariable[]; states: ReadonlyMap<string, AiLineState> }): AiLinesDecision {
  const missing = input.used.filter((line) => (input.states.get(line.name)?.status ?? "none") === "none");
  if (missing.length) return { kind: "generate", lines: missing };
  const pending = input.used.filter((line) => input.states.get(line.name)?.status === "pending-approval").map((line) => line.name);
  if (pending.length) return { kind: "await-approval", names: pending };
  const fields: MergeFields = {};
  const fallbacks: Array<{ name: string; reason: string }> = [];
  for (const line of input.used) {
    const state = input.states.get(line.name)!;
    const usable = (state.status === "ready" || state.status === "approved") && typeof state.value === "string" && state.value.trim() !== "";
    fields[`${AI_PREFIX}${line.name}`] = usable ? state.value! : null;
    if (!usable) fallbacks.push({ name: line.name, reason: state.status === "rejected" ? AI_REASONS.rejected : state.reason || AI_REASONS.providerFailed });
  }
  return { kind: "ready", fields, fallbacks };
}

/** The journal's words for lines that took the fallback: "AI line “icebreaker”: AI credits ran out". */
export function aiFallbackDetail(fallbacks: ReadonlyArray<{ name: string; reason: string }>): string | null {
  if (!fallbacks.length) return null;
  return `Used the fallback for ${fallbacks.map((fallback) => `AI line “${fallback.name}” (${fallback.reason})`).join(", ")}`;
}

/** Every line the step declares as written: what the core's checks assume before the lines are written (ai-lines are written only for a lead a step will go out to). */
export function aiLinesAsWritten(step: StepWithAiLines): MergeFields {
  return Object.fromEntries(declaredAiLines(step).map((line) => [`${AI_PREFIX}${line.name}`, "…"]));
}

/**
 * The forecast's lines for a lead's step, asked of the same rule: the model always answers, so a
 * lead something is known of gets every line (a stand-in value: timing does not depend on the words)
 * and one nothing is known of takes the fallback, as the executor's writer decides; with approval on,
 * the lines wait for approval once (`approved` false: the lead is held, as the executor holds it) and
 * approvers are taken to approve at once, as for drafts.
 */
export function forecastAiLines(step: StepWithAiLines, variant: Partial<TVariantContent>, spin: CopySpin, lead: AiLineFacts, approved: boolean): AiLinesDecision {
  const used = aiLinesUsed(step, variant, spin);
  const written = hasAiFacts(lead);
  const waits = step.config.aiApproval === "required" && !approved;
  const state = (): AiLineState => (!written ? { status: "failed", reason: AI_REASONS.noFacts } : waits ? { status: "pending-approval", value: "…" } : { status: "ready", value: "…" });
  return decideAiLines({ used, states: new Map(used.map((line) => [line.name, state()])) });
}

/** The forecast's fields for a lead's lines, approved (the editor's warnings use them too). */
export function assumedAiFields(step: StepWithAiLines, variant: Partial<TVariantContent>, lead: AiLineFacts): MergeFields {
  const decision = forecastAiLines(step, variant, EVERY_VERSION, lead, true);
  return decision.kind === "ready" ? decision.fields : {};
}

/**
 * The editor's and the API's checks of a step's AI lines (400 naming the field): lines only on kinds
 * whose copy can use them, and every `{{ai.name}}` in the copy declared by the step.
 */
export function checkAiLines(step: { type: StepType; config: { aiVariables?: TAiVariable[] } }, variants: ReadonlyArray<Partial<TVariantContent>>, base: string, label: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const declared = new Set((step.config.aiVariables ?? []).map((line) => line.name));
  if (declared.size && !AI_LINE_STEPS.has(step.type)) issues.push({ field: `${base}.aiVariables`, message: `AI lines are for e-mail, message, connection request and InMail steps, not this one (${label})` });
  variants.forEach((variant) => {
    const undeclared = aiNamesIn(variant).filter((name) => !declared.has(name));
    if (undeclared.length) {
      issues.push({
        field: `${base}.aiVariables`,
        message: `uses ${undeclared.map((name) => `{{ai.${name}}}`).join(", ")}, which the step does not declare: add ${undeclared.length > 1 ? "them" : "it"} under AI lines, or remove the placeholder (${label})`,
      });
    }
  });
  return issues;
}

/** Why a connection request went out with its fallback note, or none: the note with its lines is too long for LinkedIn. */
export const NOTE_TOO_LONG = `The connection note with its AI lines ran past LinkedIn's ${NOTE_MAX} characters`;

/**
 * A connection request's note for the lead (`seed` is copySeed's): the note filled in; when it runs
 * past LinkedIn's limit (an AI line, or a long merge field, made it longer than its fixed text), the
 * step's fallback note, or no note when that does not fit either, with the reason for the journal.
 */
export function inviteNote(variant: Pick<Partial<TVariantContent>, "note" | "fallbackNote">, fields: MergeFields, seed: string): { note: string | null; detail: string | null } {
  if (!variant.note) return { note: null, detail: null };
  const noteSeed = fieldSeed(seed, "note");
  const note = renderCopy(variant.note, variant.fallbackNote, fields, noteSeed).text;
  if (note.length <= NOTE_MAX) return { note: note || null, detail: null };
  const fallback = variant.fallbackNote ? renderCopy(variant.fallbackNote, undefined, fields, fieldSeed(noteSeed, "fallback")).text : "";
  if (fallback && fallback.length <= NOTE_MAX) return { note: fallback, detail: `${NOTE_TOO_LONG}, so the fallback note was sent` };
  return { note: null, detail: `${NOTE_TOO_LONG}, so the request was sent without a note` };
}
