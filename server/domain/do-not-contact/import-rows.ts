// The rows of a do-not-contact CSV file (issue 37): a header, then either a `kind,value[,note]`
// layout (columns found by name, in any order, so an exported list imports again) or one column of
// values whose kind is guessed — "@" an address, linkedin.com/in/ a profile, a domain's shape a
// domain. Each row comes with the line it starts on; a row that cannot be an entry is refused with
// why, in plain words. Pure: parsing with csv-parse, the values normalized by entries.ts.
import { parse } from "csv-parse/sync";
import { HeraldError } from "../../lib/errors";
import { DO_NOT_CONTACT_KINDS, KIND_WORDS, entryHash, normalizeDomain, normalizeEntryValue, type DoNotContactKind } from "./entries";

export interface ImportRow {
  line: number;
  kind: DoNotContactKind;
  /** Normalized. */
  value: string;
  hash: string;
  note: string | null;
  /** As the file has it, for the result's report. */
  given: string;
}

export interface RefusedRow {
  line: number;
  value: string;
  reason: string;
}

export interface ImportRows {
  rows: ImportRow[];
  refused: RefusedRow[];
  /** Rows read below the header. */
  count: number;
}

/** The delimiter of the header line: a semicolon or a tab when it is more frequent than the comma (spreadsheets in many locales). */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r|\n|$/));
  const counts = [",", ";", "\t"].map((candidate) => [candidate, header.split(candidate).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** The kind a bare value is of, or null when it looks like none the list can name alone. */
export function guessKind(value: string): DoNotContactKind | null {
  if (value.includes("@")) return "email";
  if (/linkedin\.com\/in\//i.test(value)) return "linkedin";
  if (!/\s/.test(value.trim()) && normalizeDomain(value)) return "domain";
  return null;
}

const MAX_NOTE = 500;

function isRecordWithInfo(item: unknown): item is { record: string[]; info: { lines: number } } {
  return typeof item === "object" && item !== null && "record" in item && Array.isArray(item.record) && "info" in item && typeof item.info === "object";
}

export function readImportRows(text: string, maxRows: number): ImportRows {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // With `info`, csv-parse gives each record with its info, which its typings do not describe.
    const parsed: unknown[] = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, delimiter: delimiterOf(text.replace(/^\uFEFF/, "")) });
    records = parsed.filter(isRecordWithInfo);
  } catch (error) {
    const where = (error as { lines?: number }).lines;
    throw HeraldError.invalidInput(`The file is not valid CSV${where ? ` (near line ${where})` : ""}: ${(error as Error).message}`, [{ field: "csv", message: "is not valid CSV" }]);
  }
  // csv-parse counts the line a record ends on; a quoted value with line breaks starts earlier.
  const withLines = records.map(({ record, info }) => ({ record, line: info.lines - record.reduce((breaks, cell) => breaks + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0) }));
  const [header, ...body] = withLines;
  if (!header) throw HeraldError.invalidInput("The file is empty: it needs a header line, then one entry per line.", [{ field: "csv", message: "is empty" }]);
  if (body.length > maxRows) {
    throw HeraldError.invalidInput(`The file has ${body.length.toLocaleString("en")} rows; one import takes up to ${maxRows.toLocaleString("en")}: split it in parts.`, [{ field: "csv", message: `has more than ${maxRows} rows` }]);
  }
  const names = header.record.map((name) => name.trim().toLowerCase());
  const kindColumn = names.indexOf("kind");
  const valueColumn = names.indexOf("value");
  const noteColumn = names.indexOf("note");
  const named = kindColumn >= 0 && valueColumn >= 0;
  if (!named && names.length > 1) {
    throw HeraldError.invalidInput(
      `The file's header must name the columns kind and value (and optionally note), or the file must hold a single column of values; its header is "${header.record.join(", ")}".`,
      [{ field: "csv", message: "has neither kind and value columns nor a single column" }],
    );
  }

  const result: ImportRows = { rows: [], refused: [], count: body.length };
  for (const { record, line } of body) {
    const given = (record[named ? valueColumn : 0] ?? "").trim();
    const refuse = (reason: string) => result.refused.push({ line, value: given, reason });
    if (!given) {
      refuse("The row has no value.");
      continue;
    }
    let kind: DoNotContactKind | null;
    if (named) {
      const kindCell = (record[kindColumn] ?? "").trim().toLowerCase();
      if (kindCell.endsWith("(erased)")) {
        refuse("An erased person's entry keeps only a hash, which cannot be imported: it stays on the list it was exported from.");
        continue;
      }
      kind = (DO_NOT_CONTACT_KINDS as readonly string[]).includes(kindCell) ? (kindCell as DoNotContactKind) : null;
      if (!kind) {
        refuse(`The kind "${kindCell}" is none of email, domain, linkedin or company.`);
        continue;
      }
    } else {
      kind = guessKind(given);
      if (!kind) {
        refuse("Not an e-mail address, a LinkedIn profile URL or a domain (add a company with a kind,value file).");
        continue;
      }
    }
    const value = normalizeEntryValue(kind, given);
    if (!value) {
      refuse(`Not ${kind === "email" ? "an" : "a"} ${KIND_WORDS[kind]}.`);
      continue;
    }
    const note = named && noteColumn >= 0 ? (record[noteColumn] ?? "").trim().slice(0, MAX_NOTE) || null : null;
    result.rows.push({ line, kind, value, hash: entryHash(kind, value), note, given });
  }
  return result;
}
