// Reads an import file as a stream of rows from a byte offset, never the whole file: each row (or
// malformed line) comes with the line it starts on and the byte where the next one starts, which is
// what a resumed import continues from. CSV goes through csv-parse (quotes, embedded newlines);
// JSON Lines are split here on newline bytes.
import { createReadStream } from "node:fs";
import { parse } from "csv-parse";
import type { RawRecord } from "./pdl-values";

/** A line longer than this is reported and skipped rather than held in memory. */
const MAX_LINE_BYTES = 16 * 1024 * 1024;

export type SourceItem = ({ kind: "row"; fields: RawRecord } | { kind: "problem"; reason: string }) & {
  /** The line (1-based) the row starts on. */
  line: number;
  /** The byte after the row: where the file continues (-1: not a place to continue from). */
  endByte: number;
  /** The last line the row takes. */
  endLine: number;
};

export interface CsvHeader {
  columns: string[];
  endByte: number;
  endLine: number;
}

/** The header row of a CSV file (its column names, lower-cased), or null for an empty file. */
export async function readCsvHeader(path: string): Promise<CsvHeader | null> {
  const stream = createReadStream(path);
  const parser = stream.pipe(parse({ bom: true, info: true, relax_quotes: true, relax_column_count: true, to: 1 }));
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { bytes: number; lines: number } }>) {
      return { columns: record.map((name) => name.trim().toLowerCase()), endByte: info.bytes, endLine: info.lines };
    }
    return null;
  } finally {
    stream.destroy();
  }
}

/** The rows of a CSV file after its header, from `startByte` (the start of a line) on. */
export async function* readCsvRows(path: string, header: CsvHeader, start: { byte: number; line: number }): AsyncGenerator<SourceItem> {
  const skipped: Array<{ bytes: number; lines: number; reason: string }> = [];
  const file = createReadStream(path, { start: start.byte });
  const parser = file.pipe(
    parse({
      info: true,
      bom: start.byte === 0,
      relax_quotes: true,
      relax_column_count: true,
      skip_records_with_error: true,
      max_record_size: MAX_LINE_BYTES,
      on_skip: (error) => {
        if (!error) return;
        const reason =
          error.code === "CSV_QUOTE_NOT_CLOSED"
            ? "a quoted value is never closed (a missing \")"
            : error.code === "CSV_MAX_RECORD_SIZE"
              ? "the row is longer than 16 MiB"
              : `the row cannot be read as CSV (${error.message})`;
        skipped.push({ bytes: start.byte + Number(error.bytes ?? 0), lines: start.line + Number(error.lines ?? 0), reason });
      },
    }),
  );
  let endLine = start.line;
  const drainSkipped = function* (upTo: number): Generator<SourceItem> {
    while (skipped.length && skipped[0]!.bytes <= upTo) {
      const skip = skipped.shift()!;
      const line = endLine + 1;
      endLine = Math.max(line, skip.lines);
      // Where the parser gave up is not where a row ends: no place to continue from (endByte -1).
      yield { kind: "problem", reason: skip.reason, line, endLine, endByte: -1 };
    }
  };
  try {
    yield* csvItems();
  } finally {
    file.destroy();
  }

  async function* csvItems(): AsyncGenerator<SourceItem> {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { bytes: number; lines: number } }>) {
      const endByte = start.byte + info.bytes;
      yield* drainSkipped(endByte);
      const line = endLine + 1;
      endLine = start.line + info.lines;
      if (record.every((value) => value === "")) continue;
      if (record.length !== header.columns.length) {
        yield { kind: "problem", reason: `the row has ${record.length} values, the header has ${header.columns.length}`, line, endLine, endByte };
        continue;
      }
      const fields: RawRecord = {};
      header.columns.forEach((column, index) => {
        if (column) setPath(fields, column, record[index]!);
      });
      yield { kind: "row", fields, line, endLine, endByte };
    }
    yield* drainSkipped(Number.POSITIVE_INFINITY);
  }
}

/** `location.country` → fields.location.country, so CSV and JSON records read alike. */
function setPath(fields: RawRecord, path: string, value: string) {
  const keys = path.split(".");
  let target = fields;
  for (const key of keys.slice(0, -1)) {
    const next = target[key];
    if (!next || typeof next !== "object") target[key] = {};
    target = target[key] as RawRecord;
  }
  target[keys.at(-1)!] = value;
}

/** The lines of a JSON Lines file from `startByte` (the start of a line) on, each a JSON object. */
export async function* readJsonLines(path: string, start: { byte: number; line: number }): AsyncGenerator<SourceItem> {
  let position = start.byte;
  let line = start.line;
  let carry: Buffer[] = [];
  let carryLength = 0;
  let tooLong = false;
  const item = (bytes: Buffer, endByte: number): SourceItem | null => {
    line += 1;
    if (tooLong) return { kind: "problem", reason: "the line is longer than 16 MiB", line, endLine: line, endByte };
    let content = bytes.toString("utf8");
    if (line === 1) content = content.replace(/^\uFEFF/, "");
    content = content.trim();
    if (!content) return null;
    let value: unknown;
    try {
      value = JSON.parse(content);
    } catch (error) {
      return { kind: "problem", reason: `the line is not valid JSON (${(error as Error).message})`, line, endLine: line, endByte };
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) {
      return { kind: "problem", reason: "the line is not a JSON object", line, endLine: line, endByte };
    }
    return { kind: "row", fields: value as RawRecord, line, endLine: line, endByte };
  };
  for await (const chunk of createReadStream(path, { start: start.byte }) as AsyncIterable<Buffer>) {
    let from = 0;
    for (let newline = chunk.indexOf(10, from); newline >= 0; newline = chunk.indexOf(10, from)) {
      const piece = chunk.subarray(from, newline);
      const result = item(carry.length ? Buffer.concat([...carry, piece]) : piece, position + newline + 1);
      carry = [];
      carryLength = 0;
      tooLong = false;
      if (result) yield result;
      from = newline + 1;
    }
    const rest = chunk.subarray(from);
    if (!tooLong && rest.length) {
      carry.push(rest);
      carryLength += rest.length;
      if (carryLength > MAX_LINE_BYTES) {
        tooLong = true;
        carry = [];
      }
    }
    position += chunk.length;
  }
  if (carryLength || tooLong) {
    const result = item(Buffer.concat(carry), position);
    if (result) yield result;
  }
}
