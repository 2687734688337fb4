// Reading single values of a People Data Labs record, whichever way the file wrote them: JSON Lines
// give numbers, arrays and nested objects; CSV gives text only (lists as a JSON array or `;`-separated,
// nested fields as dotted column names). A value that cannot be what its field needs throws a
// RecordProblem, which the importer reports with the line and skips the line for.
import { displayCase } from "../../../domain/company-database/display-case";
import { COUNTRIES } from "../generator/vocabulary";

/** Why a line was skipped, in plain words (the importer adds the line number). */
export class RecordProblem extends Error {}

export type RawRecord = Record<string, unknown>;

/** The value at a dotted path (`location.country`), looking through nested objects. */
export function pick(record: RawRecord, path: string): unknown {
  let value: unknown = record;
  for (const key of path.split(".")) {
    if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
    value = (value as RawRecord)[key];
  }
  return value;
}

/** The first of several fields that has a value. */
export function first(record: RawRecord, ...paths: string[]): unknown {
  for (const path of paths) {
    const value = pick(record, path);
    if (value !== undefined && value !== null && value !== "") return value;
  }
  return undefined;
}

/** A UTF-16 half of a character without its other half (JSON's `\\ud800`, or a cut between the two). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text, trimmed; null for nothing. PDL writes `true` for a field a plan does not include: also null.
 * What PostgreSQL text cannot hold is left out (NUL) or replaced (half a character, also where the
 * length limit cuts one in two): the whole batch's statement would fail on it, and the import with it.
 */
export function text(value: unknown, options: { lower?: boolean; max?: number } = {}): string | null {
  if (typeof value === "number") value = String(value);
  if (typeof value !== "string") return null;
  let result = value.replace(/\u0000/g, "").trim();
  if (!result) return null;
  if (options.lower) result = result.toLowerCase();
  return storable(result.slice(0, options.max ?? 2000));
}

/** Text PostgreSQL can store (text or jsonb): without NUL, half characters replaced. */
export function storable(value: string): string {
  return value.replace(/\u0000/g, "").replace(LONE_SURROGATE, "\ufffd");
}

/** A number, or null when absent; throws for text that is not one. */
export function number(value: unknown, field: string, what = "a number"): number | null {
  if (value === undefined || value === null || value === "") return null;
  const parsed = typeof value === "number" ? value : typeof value === "string" ? Number(value.trim().replace(/^\$/, "")) : Number.NaN;
  if (!Number.isFinite(parsed)) throw new RecordProblem(`${field} is not ${what}: ${quote(value)}`);
  return parsed;
}

/** A whole number within [min, max], or null; throws otherwise. */
export function wholeNumber(value: unknown, field: string, min: number, max: number, what = "a whole number"): number | null {
  const parsed = number(value, field, what);
  if (parsed === null) return null;
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) throw new RecordProblem(`${field} is not ${what}: ${quote(value)}`);
  return parsed;
}

/** A list of texts: a JSON array, or in CSV a JSON array's text or `a; b; c`. Objects give their `name`. */
export function list(value: unknown, options: { lower?: boolean } = {}): string[] {
  let items: unknown[];
  if (Array.isArray(value)) items = value;
  else if (typeof value === "string") {
    const trimmed = value.trim();
    if (!trimmed) return [];
    if (trimmed.startsWith("[")) {
      try {
        const parsed: unknown = JSON.parse(trimmed);
        items = Array.isArray(parsed) ? parsed : [trimmed];
      } catch {
        items = trimmed.slice(1, -1).split(/[;,]/);
      }
    } else items = trimmed.split(";");
  } else return [];
  const result: string[] = [];
  for (const item of items) {
    const name = text(item && typeof item === "object" && !Array.isArray(item) ? (item as RawRecord).name : item, { ...options, max: 200 });
    if (name && !result.includes(name)) result.push(name);
  }
  return result.slice(0, 200);
}

/** A nested object, or in CSV its JSON text; [] for nothing. */
export function objects(value: unknown): RawRecord[] {
  if (typeof value === "string" && value.trim().startsWith("[")) {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(value) ? value.filter((item): item is RawRecord => !!item && typeof item === "object" && !Array.isArray(item)) : [];
}

/** An address with its scheme (PDL writes `linkedin.com/company/x`), lower-cased, without a trailing slash. */
export function url(value: unknown): string | null {
  const raw = text(value, { max: 500 });
  if (!raw || /\s/.test(raw)) return null;
  const withScheme = /^https?:\/\//i.test(raw) ? raw : `https://${raw}`;
  return withScheme.replace(/\/+$/, "").replace(/^https?:\/\/[^/]+/i, (origin) => origin.toLowerCase());
}

/** The web domain of a website: `https://www.Acme.com/about` → `acme.com`. */
export function domainOf(website: unknown): string | null {
  const raw = text(website, { lower: true, max: 500 });
  if (!raw) return null;
  const host = raw.replace(/^[a-z]+:\/\//, "").split(/[/?#]/)[0]!.replace(/:\d+$/, "").replace(/^www\./, "");
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) ? host : null;
}

/** A day as YYYY-MM-DD from `2021-05-12`, `2021-05` or `2021` (PDL's partial dates take the first day). */
export function day(value: unknown, field: string): string | null {
  const raw = text(value);
  if (!raw) return null;
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(raw);
  const date = match ? `${match[1]}-${match[2] ?? "01"}-${match[3] ?? "01"}` : "";
  const parsed = new Date(`${date}T00:00:00Z`);
  if (!match || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
    throw new RecordProblem(`${field} is not a date such as 2021-05-12: ${quote(value)}`);
  }
  return date;
}

/** A stable id for a record without one: from its LinkedIn address, else its domain or e-mail. */
export function derivedId(kind: "li" | "domain" | "email", value: string): string {
  return `${kind}:${value.replace(/^https?:\/\/(www\.)?/, "").toLowerCase()}`;
}

const CONTINENTS = new Map(COUNTRIES.map(([place]) => [place.country, place.continent]));

/** The continent of a country PDL names (lower case), for files that give no continent. */
export function continentOf(country: string | null): string | null {
  return country ? (CONTINENTS.get(country) ?? null) : null;
}

/** A name as people write it: PDL lower-cases people's names (`sean thorne` → `Sean Thorne`). */
export function personName(value: unknown): string | null {
  const raw = text(value, { max: 200 });
  if (!raw || raw !== raw.toLowerCase()) return raw;
  return raw.replace(/(^|[\s'’-])(\p{L})/gu, (_match, before: string, letter: string) => before + letter.toUpperCase());
}

/**
 * Free text PDL writes in lower case (a company's `name`, a `job_title`) as people write it:
 * `harbor analytics, inc.` → `Harbor Analytics, Inc.`, `vp of sales` → `VP of Sales`. Text with a
 * capital anywhere is the source's own spelling and is kept. These are no filter keys (the name and
 * title filters ignore case), unlike industries or countries, which stay lower case (display-case.ts).
 */
export function casedText(value: unknown, max: number): string | null {
  const raw = text(value, { max });
  return raw && raw === raw.toLowerCase() ? displayCase(raw) : raw;
}

export function quote(value: unknown): string {
  const shown = typeof value === "string" ? value : JSON.stringify(value) ?? String(value);
  return JSON.stringify(shown.length > 40 ? `${shown.slice(0, 40)}…` : shown);
}
