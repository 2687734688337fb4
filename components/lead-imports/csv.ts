// RFC 4180 CSV in the browser: quoted fields, doubled quotes, CRLF / LF / CR line ends, a UTF-8
// byte-order mark, and the semicolon- or tab-separated files spreadsheets export in many locales.

export type CsvDelimiter = "," | ";" | "\t";

export interface ParsedCsv {
  rows: string[][];
  delimiter: CsvDelimiter;
  /** Problems that did not stop parsing, in plain words (e.g. a quote left open). */
  warnings: string[];
}

const CANDIDATES: CsvDelimiter[] = [",", ";", "\t"];

/**
 * The delimiter of the first record: the candidate that occurs most often outside quotes (a comma
 * on a tie, as RFC 4180 has it).
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<CsvDelimiter, number>(CANDIDATES.map((candidate) => [candidate, 0]));
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char as CsvDelimiter)) counts.set(char as CsvDelimiter, counts.get(char as CsvDelimiter)! + 1);
  }
  let best: CsvDelimiter = ",";
  for (const candidate of CANDIDATES) if (counts.get(candidate)! > counts.get(best)!) best = candidate;
  return best;
}

/** Parses CSV text into rows of fields. Blank lines are dropped; a missing final line end is fine. */
export function parseCsv(input: string, options: { delimiter?: CsvDelimiter } = {}): ParsedCsv {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const delimiter = options.delimiter ?? detectDelimiter(text);
  const warnings: string[] = [];
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let quoteOpenedOn = 0;

  const endRow = () => {
    row.push(field);
    field = "";
    // A line with nothing on it is not a record (spreadsheets leave them at the end).
    if (!(row.length === 1 && row[0] === "")) rows.push(row);
    row = [];
  };

  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index++;
        } else quoted = false;
      } else {
        if (char === "\n" || (char === "\r" && text[index + 1] !== "\n")) line++;
        field += char;
      }
      continue;
    }
    if (char === '"') {
      if (field === "") {
        quoted = true;
        quoteOpenedOn = line;
      } else field += char; // A stray quote inside an unquoted field is kept as text.
    } else if (char === delimiter) {
      row.push(field);
      field = "";
    } else if (char === "\r" || char === "\n") {
      if (char === "\r" && text[index + 1] === "\n") index++;
      endRow();
      line++;
    } else field += char;
  }
  if (quoted) warnings.push(`A quoted field opened on line ${quoteOpenedOn} is never closed; it runs to the end of the file.`);
  if (field !== "" || row.length) endRow();
  return { rows, delimiter, warnings };
}

function escapeField(value: string, delimiter: CsvDelimiter): string {
  return value.includes('"') || value.includes(delimiter) || value.includes("\n") || value.includes("\r") ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Writes rows as CSV (CRLF line ends, fields quoted only where needed). */
export function toCsv(rows: string[][], delimiter: CsvDelimiter = ","): string {
  return rows.map((row) => row.map((value) => escapeField(value, delimiter)).join(delimiter)).join("\r\n") + (rows.length ? "\r\n" : "");
}
