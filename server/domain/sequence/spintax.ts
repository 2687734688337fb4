// Spintax: alternatives in copy, `{Hi|Hello|Hey}`, one of which each lead gets, so that a campaign's
// e-mails and messages do not all read the same. Alternatives nest (`{Hi|{Hello|Hey} there}`) and
// may be empty (`{|really }`). A backslash makes the next brace, pipe or backslash a plain character
// (`\{`, `\}`, `\|`, `\\`); before anything else it is an ordinary backslash.
//
// Placeholders keep their double braces: at a `{`, when a whole placeholder follows — `{{`, text
// without braces or pipes (the name), optionally `|` and a fallback without braces, then `}}` — it is
// that placeholder, passed on untouched (its pipe is the fallback's, not a choice; whether the name is
// one is render-copy.ts's and the sequence check's business). Otherwise the `{` opens a choice. So
// `{{{firstName}}|there}` is a choice between the placeholder and "there", and `{Hi|{Hello|Hey}}`
// ends with two closing braces of two choices. `{{Hi|Hello}}` is the placeholder
// "Hi" with the fallback "Hello", never a choice. Braces with no pipe between them are not a choice
// either: `{color: red}` stays as written (CSS in an HTML body), though a choice inside still spins.
// Double braces around one choice and nothing else, such as `{{company|{a|b} team}}` (a fallback
// cannot hold braces), are a mistake the parser reports.
//
// Markup is never spun: inside an HTML tag (`<a href="…">`, `style="a{b|c}"`) and inside a style or
// script element, braces and pipes are the markup's own (CSS rules, `content: "a | b"`) and
// backslashes stay as written (CSS escapes); placeholders there are still placeholders. A `<` that
// starts no tag (no letter, `/` or `!` after it, or no `>` to end it) is plain text. And a single-
// braced name such as `{firstName}` is reported: it is a placeholder missing a brace, which would
// otherwise be sent as written.
//
// Which alternative a lead gets is fixed by a seed (per lead, step, variant and field: copySeed,
// fieldSeed) through the stable hash, each choice from its own seed derived from its place, so the
// executor, the forecast and the editor's preview pick the same one on every retry. Pure, isomorphic.
import { stableHash32 } from "./stable-hash";

/** A piece of copy: plain text (escapes resolved), a placeholder as written, or a choice. */
export type SpinPart = { kind: "text"; text: string } | { kind: "placeholder"; text: string } | SpinGroup;

export interface SpinGroup {
  kind: "group";
  /** The opening brace's character, counted from 1. */
  at: number;
  /** The alternatives; a single one means braces without a pipe, kept as written. */
  alternatives: SpinPart[][];
}

export interface SpinError {
  /** The character the problem is at, counted from 1. */
  at: number;
  /** The problem in plain words, naming the character. */
  message: string;
}

export type SpinParse = { ok: true; parts: SpinPart[] } | { ok: false; error: SpinError };

/** Choices nest at most this deep. */
export const MAX_DEPTH = 20;
/** countVersions counts up to this many versions. */
export const VERSION_CAP = 10_000;

/** The placeholder a `{` may start (sticky: only at the given index); render-copy.ts reads the name. */
const PLACEHOLDER_AT = /\{\{[^{}|]*(?:\|[^{}]*)?\}\}/y;
const ESCAPABLE = new Set(["{", "}", "|", "\\"]);

interface Frame {
  group: SpinGroup | null;
  current: SpinPart[];
}

function pushText(parts: SpinPart[], text: string): void {
  const last = parts.at(-1);
  if (last?.kind === "text") last.text += text;
  else parts.push({ kind: "text", text });
}

/** Braces around exactly one choice, opened and closed at once: `{{…}}` that is not a placeholder. */
function wrapsOneGroup(group: SpinGroup): boolean {
  const only = group.alternatives.length === 1 && group.alternatives[0]!.length === 1 ? group.alternatives[0]![0]! : null;
  return only?.kind === "group" && only.at === group.at + 1;
}

/** Where a tag starting at `at` ends (after its `>`, quotes respected), or null when `at` starts no tag. */
function tagEnd(template: string, at: number): number | null {
  if (!/[A-Za-z/!]/.test(template[at + 1] ?? "")) return null;
  let quote: string | null = null;
  for (let i = at + 1; i < template.length; i++) {
    const char = template[i]!;
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === ">") {
      return i + 1;
    }
  }
  return null;
}

/** Where the markup starting at `at` ends: the tag, or for a style or script element everything up to the end of its closing tag. */
function markupEnd(template: string, at: number): number | null {
  const end = tagEnd(template, at);
  if (end === null) return null;
  const element = /^<(style|script)\b/i.exec(template.slice(at, at + 8))?.[1];
  if (!element) return end;
  const close = template.toLowerCase().indexOf(`</${element.toLowerCase()}`, end);
  if (close === -1) return template.length;
  return tagEnd(template, close) ?? template.length;
}

/** Markup as text parts, its placeholders kept as placeholders. */
function pushMarkup(parts: SpinPart[], markup: string): void {
  for (let i = 0; i < markup.length; i++) {
    if (markup[i] === "{") {
      PLACEHOLDER_AT.lastIndex = i;
      const placeholder = PLACEHOLDER_AT.exec(markup);
      if (placeholder) {
        parts.push({ kind: "placeholder", text: placeholder[0] });
        i += placeholder[0].length - 1;
        continue;
      }
    }
    pushText(parts, markup[i]!);
  }
}

/** Braces around a bare name, `{firstName}`: a placeholder missing a brace. */
function singleBracedName(group: SpinGroup): string | null {
  const only = group.alternatives.length === 1 && group.alternatives[0]!.length === 1 ? group.alternatives[0]![0]! : null;
  return only?.kind === "text" && /^\s*[A-Za-z_][A-Za-z0-9_.]*\s*$/.test(only.text) ? only.text.trim() : null;
}

/** The copy as parts, or the first syntax error with its character. */
export function parseSpintax(template: string): SpinParse {
  const root: Frame = { group: null, current: [] };
  const stack: Frame[] = [root];
  let frame = root;
  let bareName: SpinError | null = null;
  for (let i = 0; i < template.length; i++) {
    const char = template[i]!;
    const markup = char === "<" ? markupEnd(template, i) : null;
    if (markup !== null) {
      pushMarkup(frame.current, template.slice(i, markup));
      i = markup - 1;
    } else if (char === "\\" && ESCAPABLE.has(template[i + 1] ?? "")) {
      pushText(frame.current, template[++i]!);
    } else if (char === "{") {
      PLACEHOLDER_AT.lastIndex = i;
      const placeholder = PLACEHOLDER_AT.exec(template);
      if (placeholder) {
        frame.current.push({ kind: "placeholder", text: placeholder[0] });
        i += placeholder[0].length - 1;
        continue;
      }
      if (stack.length > MAX_DEPTH) return { ok: false, error: { at: i + 1, message: `The choice at character ${i + 1} is nested more than ${MAX_DEPTH} deep` } };
      const group: SpinGroup = { kind: "group", at: i + 1, alternatives: [] };
      frame = { group, current: [] };
      stack.push(frame);
    } else if (char === "|" && frame.group) {
      frame.group.alternatives.push(frame.current);
      frame.current = [];
    } else if (char === "}") {
      const group = frame.group;
      if (!group) return { ok: false, error: { at: i + 1, message: `A closing brace at character ${i + 1} has no opening brace` } };
      group.alternatives.push(frame.current);
      const name = singleBracedName(group);
      // Reported last: an unclosed brace around it (`{{company|{there}}`) says more.
      if (name) bareName ??= { at: group.at, message: `The name in single braces at character ${group.at} is not a placeholder: write {{${name}}}` };
      if (wrapsOneGroup(group)) {
        return {
          ok: false,
          error: {
            at: group.at,
            message: `The double braces at character ${group.at} are not a placeholder: write {{firstName}}, or with a fallback {{company|your team}} (a fallback cannot hold braces)`,
          },
        };
      }
      stack.pop();
      frame = stack.at(-1)!;
      frame.current.push(group);
    } else {
      pushText(frame.current, char);
    }
  }
  if (frame.group) {
    const { at } = frame.group;
    // `{{` that is no placeholder is most often one with braces in its fallback: say how one is written.
    const hint = template[at] === "{" ? ": a placeholder is written {{firstName}} or {{company|your team}}, without braces in the fallback" : "";
    return { ok: false, error: { at, message: `An opening brace at character ${at} is never closed${hint}` } };
  }
  if (bareName) return { ok: false, error: bareName };
  return { ok: true, parts: root.current };
}

/** The syntax error of a copy field in plain words, or null when its spintax is sound. */
export function spintaxProblem(template: string): string | null {
  const parsed = parseSpintax(template);
  return parsed.ok ? null : parsed.error.message;
}

// Braces the copy shows as text stand in as private-use characters until the placeholders are
// filled, so that `\{\{firstName\}\}` reads "{{firstName}}" rather than becoming a placeholder.
const OPEN = "\uE000";
const CLOSE = "\uE001";

/** The copy's own braces back from their stand-ins (after the placeholders are filled). */
export function restoreBraces(text: string): string {
  return text.includes(OPEN) || text.includes(CLOSE) ? text.replaceAll(OPEN, "{").replaceAll(CLOSE, "}") : text;
}

/** The seed of one variant's copy for one lead at one step (the executor's, the forecast's and the preview's). */
export function copySeed(campaignLeadId: string, stepId: string, variantId: string): string {
  return `${campaignLeadId}:${stepId}:${variantId}`;
}

/** Which version of a variant's copy a lead gets: copySeed's, or null for every alternative at once (checks). */
export interface CopySpin {
  seed: string | null;
  /** An e-mail subject's seed when the subject is another e-mail's (a follow-up borrowing the first e-mail's); else `seed`. */
  subjectSeed?: string | null;
}

/**
 * A field's own seed: `subject`, `body` (an e-mail's text and HTML bodies share it, so the two
 * parts say the same where their choices match), `note`, `script`, `prompt`… Null stays null:
 * every alternative at once.
 */
export function fieldSeed(seed: string, field: string): string;
export function fieldSeed(seed: string | null, field: string): string | null;
export function fieldSeed(seed: string | null, field: string): string | null {
  return seed === null ? null : `${seed}:${field}`;
}

/** Which alternative of a choice: evenly spread over seeds, fixed by the seed and the choice's place. */
function pick(seed: string, place: string, count: number): number {
  return stableHash32(`${seed}#${place}`) % count;
}

interface Version {
  text: string;
  /** The version's number among all, from 0 (mixed radix over the choices). */
  rank: number;
  count: number;
}

function countParts(parts: SpinPart[]): number {
  let count = 1;
  for (const part of parts) if (part.kind === "group") count = Math.min(count * countGroup(part), Number.MAX_SAFE_INTEGER);
  return count;
}

function countGroup(group: SpinGroup): number {
  if (group.alternatives.length === 1) return countParts(group.alternatives[0]!);
  return Math.min(
    group.alternatives.reduce((sum, alternative) => sum + countParts(alternative), 0),
    Number.MAX_SAFE_INTEGER,
  );
}

/** One version of the parts (seed null: every alternative at once, separated by spaces). */
function spinParts(parts: SpinPart[], seed: string | null, place: string): Version {
  let text = "";
  let rank = 0;
  let count = 1;
  let groups = 0;
  for (const part of parts) {
    if (part.kind !== "group") {
      text += part.kind === "text" ? part.text.replaceAll("{", OPEN).replaceAll("}", CLOSE) : part.text;
      continue;
    }
    const version = spinGroup(part, seed, `${place}/${groups++}`);
    text += version.text;
    rank = rank * version.count + version.rank;
    count *= version.count;
  }
  return { text, rank, count };
}

function spinGroup(group: SpinGroup, seed: string | null, place: string): Version {
  const { alternatives } = group;
  if (alternatives.length === 1) {
    const inner = spinParts(alternatives[0]!, seed, `${place}.0`);
    return { ...inner, text: `${OPEN}${inner.text}${CLOSE}` };
  }
  const versions = alternatives.map((alternative) => countParts(alternative));
  const count = versions.reduce((sum, each) => sum + each, 0);
  if (seed === null) {
    const texts = alternatives.map((alternative, index) => spinParts(alternative, null, `${place}.${index}`).text);
    return { text: texts.join(" "), rank: 0, count };
  }
  const chosen = pick(seed, place, alternatives.length);
  const inner = spinParts(alternatives[chosen]!, seed, `${place}.${chosen}`);
  const before = versions.slice(0, chosen).reduce((sum, each) => sum + each, 0);
  return { text: inner.text, rank: before + inner.rank, count };
}

/**
 * One version of the copy, its braces still stand-ins (restoreBraces after filling placeholders).
 * Copy whose spintax is broken (saved before spintax was checked) is used as written.
 */
export function spinForFilling(template: string, seed: string | null): Version {
  const parsed = parseSpintax(template);
  if (!parsed.ok) return { text: template, rank: 0, count: 1 };
  return spinParts(parsed.parts, seed, "");
}

/** The version of the copy for `seed`: one alternative of each choice, placeholders as written. */
export function chooseSpintax(template: string, seed: string): string {
  return restoreBraces(spinForFilling(template, seed).text);
}

/** The copy with every alternative of each choice at once, for checks that must see all of them (placeholders). */
export function everyAlternative(template: string): string {
  return restoreBraces(spinForFilling(template, null).text);
}

/** Which version `seed` gives (from 0) and how many there are (not capped; null for more than VERSION_CAP). */
export function versionOf(template: string, seed: string): { rank: number; count: number } | null {
  const { rank, count } = spinForFilling(template, seed);
  return count > VERSION_CAP ? null : { rank, count };
}

/** How many versions the copy has, at most VERSION_CAP (1 without choices; counted by structure). */
export function countVersions(template: string): number {
  const parsed = parseSpintax(template);
  return parsed.ok ? Math.min(countParts(parsed.parts), VERSION_CAP) : 1;
}

/** Whether the copy has a choice at all (a copy without one reads the same for every seed). */
export function hasChoices(template: string | undefined): boolean {
  if (!template?.includes("|")) return false;
  return countVersions(template) > 1;
}
