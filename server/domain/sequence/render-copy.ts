// Merge placeholders: {{firstName}}, {{lastName}}, {{company}}, {{headline}}, {{jobTitle}},
// {{location}}, {{email}}, {{dataSource}} (where the lead's data came from, in words) and any custom variable, each with an optional inline fallback after a
// pipe: {{company|your team}} reads "your team" for a lead without a company. The fallback is
// everything after the first pipe (trimmed; it may hold spaces and further pipes, not braces), and
// it is template text: in an HTML body it is HTML as written, while a lead's value is escaped.
// {{company|}} says on purpose that an empty value is fine.
//
// A placeholder with neither a value nor an inline fallback is left empty. When that happens and
// the step has fallback copy (fallbackText, fallbackSubject…), the whole fallback is used instead,
// so no message says "Hi ,"; what stays empty after that is `blank`, which the editor warns about
// and a step's whenValueMissing acts on. One rule for sending, the preview, the forecast and the
// editor's checks. Pure.
//
// Spintax (`{Hi|Hello}`, spintax.ts) is resolved first, with the seed of the lead's step, variant and
// field, and the placeholders filled in the chosen version, so a lead's value is never spun.

import { fieldSeed, restoreBraces, spinForFilling } from "./spintax";

export interface MergeFields {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  headline?: string | null;
  jobTitle?: string | null;
  location?: string | null;
  email?: string | null;
  dataSource?: string | null;
  [custom: string]: string | null | undefined;
}

/** A placeholder: `{{ name }}` or `{{ name | fallback }}`; an AI line's name is dotted, `{{ai.icebreaker}}` (ai-lines.ts). */
const PLACEHOLDER = /\{\{\s*((?:ai\.)?[A-Za-z_][A-Za-z0-9_]*)\s*(?:\|([^{}]*))?\}\}/g;

export interface PlaceholderUse {
  name: string;
  /** The inline fallback, trimmed ("" for `{{name|}}`), or null when the placeholder has none. */
  fallback: string | null;
}

/** The placeholders of a template, in order (repeats included). */
export function placeholdersIn(template: string | undefined): PlaceholderUse[] {
  return [...(template ?? "").matchAll(PLACEHOLDER)].map((match) => ({ name: match[1]!, fallback: match[2] === undefined ? null : match[2].trim() }));
}

/** The lead fields a placeholder can name besides custom variables. */
export const STANDARD_FIELDS: readonly string[] = ["firstName", "lastName", "company", "headline", "jobTitle", "location", "email", "dataSource"];

/** The words for a placeholder's value in a sentence: "company", "first name", or a custom variable's own name. */
export function placeholderWords(name: string): string {
  if (name.startsWith("ai.")) return `AI line “${name.slice(3)}”`;
  return STANDARD_WORDS[name] ?? name;
}

const STANDARD_WORDS: Record<string, string> = {
  firstName: "first name",
  lastName: "last name",
  company: "company",
  headline: "headline",
  jobTitle: "job title",
  location: "location",
  email: "e-mail address",
  dataSource: "data source",
};

export interface FilledCopy {
  text: string;
  /** Placeholders without a value for this lead (whether or not a fallback stood in). */
  missing: string[];
  /** Placeholders left empty: no value and no inline fallback. */
  blank: string[];
}

const hasValue = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== "";
const unique = (names: string[]) => [...new Set(names)];

/** A template with the lead's values (each passed through `escape`) or the inline fallbacks in its placeholders. */
export function fillTemplate(template: string, fields: MergeFields, escape: (value: string) => string = (value) => value): FilledCopy {
  const missing: string[] = [];
  const blank: string[] = [];
  const text = template.replace(PLACEHOLDER, (_match, name: string, fallback: string | undefined) => {
    const value = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (hasValue(value)) return escape(value.trim());
    missing.push(name);
    if (fallback !== undefined) return fallback.trim();
    blank.push(name);
    return "";
  });
  return { text: text.replace(/[ \t]{2,}/g, " ").replace(/ ([,.!?])/g, "$1").trim(), missing: unique(missing), blank: unique(blank) };
}

export interface RenderedCopy extends FilledCopy {
  /** The step's fallback copy replaced the template for this lead. */
  usedFallback: boolean;
}

/**
 * One version of a template (`seed` picks its spintax alternatives; null: every alternative at once,
 * for checks) with the placeholders filled in that version.
 */
export function spinAndFill(template: string, fields: MergeFields, seed: string | null, escape?: (value: string) => string): FilledCopy {
  const filled = fillTemplate(spinForFilling(template, seed).text, fields, escape);
  return { ...filled, text: restoreBraces(filled.text) };
}

/**
 * The copy to send: the template filled in, or the whole fallback copy when a placeholder would be
 * left empty. `seed` is the field's (fieldSeed of copySeed); the fallback copy has its own from it.
 */
export function renderCopy(template: string | undefined, fallback: string | undefined, fields: MergeFields, seed: string | null, escape?: (value: string) => string): RenderedCopy {
  const primary = spinAndFill(template ?? "", fields, seed, escape);
  if (primary.blank.length && fallback?.trim()) {
    const backup = spinAndFill(fallback, fields, fieldSeed(seed, "fallback"), escape);
    return { text: backup.text, usedFallback: true, missing: unique([...primary.missing, ...backup.missing]), blank: backup.blank };
  }
  return { ...primary, usedFallback: false };
}
