// Streams a People Data Labs file (companies or people, CSV or JSON Lines) into the company
// database: batches of rows upserted by the source's id (idempotent), malformed lines reported with
// their line number and skipped, and every batch committed together with the run's position in the
// file (CompanyDataImport), so that a run that stops — a crash, Ctrl-C, a failing database — is
// continued by running the same import again. docs/company-database.md describes the layouts.
import { createHash } from "node:crypto";
import { open, stat } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { db, type DbClient } from "../../db/client";
import { now } from "../../lib/clock";
import type { CompanyRecord, PersonRecord } from "./generator/generate-dataset";
import { mapPdlCompany } from "./import/pdl-company";
import { mapPdlPerson } from "./import/pdl-person";
import { RecordProblem, storable } from "./import/pdl-values";
import { readCsvHeader, readCsvRows, readJsonLines, type SourceItem } from "./import/read-source-rows";
import { refreshFilterValues } from "./refresh-filter-values";
import { upsertCompanies, upsertPeople, WRITE_BATCH } from "./write-dataset-rows";

export interface ImportCompanyDataInput {
  /** The file to read (CSV or JSON Lines in People Data Labs' layout). */
  path: string;
  kind: "companies" | "people";
  /** Default: from the file name (.csv, .jsonl/.json/.ndjson). */
  format?: "csv" | "jsonl";
  /** Called when the run starts (where it starts) and after each committed batch. */
  onProgress?: (progress: ImportProgress) => void;
  /** Lines per committed batch (default 2000). */
  batchSize?: number;
  /** Read the file from the start even when its last run stopped before the end. */
  restart?: boolean;
  /** Stops after the batch being written; the run can be continued later. */
  signal?: AbortSignal;
  /** Rebuild the filter values at the end (default true). */
  refreshValues?: boolean;
}

export interface ImportProgress {
  importId: string;
  /** Bytes of the file read and committed. */
  bytesRead: number;
  fileSize: number;
  lines: number;
  imported: number;
  skipped: number;
  /** The byte this run started at: > 0 when it continued an interrupted run. */
  resumedFrom: number;
}

export interface ImportResult extends ImportProgress {
  /** `stopped`: the signal stopped it; running the same import again continues. */
  status: "completed" | "stopped";
  /** The first malformed lines (at most 100; `skipped` counts them all). */
  problems: ImportProblem[];
}

export type ImportProblem = { line: number; reason: string };
/** The problems a run stored (a JSON column): anything unreadable is dropped, never trusted. */
const ZStoredProblems = z.array(z.object({ line: z.number().int(), reason: z.string() })).catch([]);

/** The file cannot be imported at all (missing, unreadable, not the layout it should be). */
export class ImportFileError extends Error {}

/** Another run of the same file continued this one (it looked stopped). */
export class ImportTakenOver extends Error {}

const KEPT_PROBLEMS = 100;
const FINGERPRINT_BYTES = 64 * 1024;

export async function importCompanyData(input: ImportCompanyDataInput): Promise<ImportResult> {
  const file = path.resolve(input.path);
  const format = input.format ?? formatOf(file);
  const size = await fileSize(file);
  const fingerprint = await fingerprintOf(file, size);
  const header = format === "csv" ? await csvHeaderOf(file, input.kind) : null;

  const previous = input.restart
    ? null
    : await db.companyDataImport.findFirst({ where: { fingerprint, kind: input.kind, format }, orderBy: { startedAt: "desc" } });
  const resume = previous && previous.status !== "completed" ? previous : null;
  const run = await db.companyDataImport.create({
    data: {
      kind: input.kind,
      format,
      path: file,
      fingerprint,
      status: "running",
      fileSize: size,
      byteOffset: resume?.byteOffset ?? header?.endByte ?? 0,
      lines: resume?.lines ?? header?.endLine ?? 0,
      imported: resume?.imported ?? 0,
      skipped: resume?.skipped ?? 0,
      problems: resume?.problems ?? [],
      resumedFromId: resume?.id ?? null,
      resumedFromByte: resume?.byteOffset ?? 0,
    },
  });
  if (resume) {
    await db.companyDataImport.update({
      where: { id: resume.id },
      data: { status: "failed", error: resume.error ?? `stopped before the end; continued by ${run.id}` },
    });
  }

  const state = {
    byte: Number(run.byteOffset),
    lines: run.lines,
    imported: run.imported,
    skipped: run.skipped,
    problems: ZStoredProblems.parse(run.problems).slice(0, KEPT_PROBLEMS),
  };
  const progress = (): ImportProgress => ({
    importId: run.id,
    bytesRead: state.byte,
    fileSize: size,
    lines: state.lines,
    imported: state.imported,
    skipped: state.skipped,
    resumedFrom: Number(run.resumedFromByte),
  });
  const batchSize = Math.max(1, input.batchSize ?? WRITE_BATCH);
  const map: (fields: Record<string, unknown>) => CompanyRecord | PersonRecord = input.kind === "companies" ? mapPdlCompany : mapPdlPerson;
  const write = (records: Array<CompanyRecord | PersonRecord>, client: DbClient) =>
    input.kind === "companies" ? upsertCompanies(records as CompanyRecord[], client) : upsertPeople(records as PersonRecord[], client);

  // Rows and problems read since the last commit; they are committed together with the position after them.
  let batch = new Map<string, CompanyRecord | PersonRecord>();
  let pending = { imported: 0, skipped: 0, problems: [] as ImportProblem[], lines: 0 };
  const commit = async (at: { endByte: number; endLine: number }, completed: boolean) => {
    const records = [...batch.values()];
    const next = {
      byte: at.endByte,
      lines: at.endLine,
      imported: state.imported + pending.imported,
      skipped: state.skipped + pending.skipped,
      problems: [...state.problems, ...pending.problems].slice(0, KEPT_PROBLEMS),
    };
    await db.$transaction(
      async (tx) => {
        await write(records, tx);
        const claimed = await tx.companyDataImport.updateMany({
          where: { id: run.id, status: "running" },
          data: {
            byteOffset: next.byte,
            lines: next.lines,
            imported: next.imported,
            skipped: next.skipped,
            ...(pending.problems.length && state.problems.length < KEPT_PROBLEMS ? { problems: next.problems } : {}),
            ...(completed ? { status: "completed", byteOffset: size, completedAt: now() } : {}),
          },
        });
        // Another run of the same file took this one over (it looked stopped): leave the file to it.
        if (!claimed.count) throw new ImportTakenOver(`another run of this file continued it (${run.id} is no longer running)`);
      },
      { maxWait: 60_000, timeout: 10 * 60_000 },
    );
    Object.assign(state, next);
    if (completed) state.byte = size;
    batch = new Map();
    pending = { imported: 0, skipped: 0, problems: [], lines: 0 };
    input.onProgress?.(progress());
  };

  try {
    input.onProgress?.(progress());
    const start = { byte: state.byte, line: state.lines };
    const items: AsyncIterable<SourceItem> = header ? readCsvRows(file, header, start) : readJsonLines(file, start);
    let lastLine = state.lines;
    for await (const item of items) {
      pending.lines += 1;
      lastLine = Math.max(lastLine, item.endLine);
      if (item.kind === "row") {
        try {
          const record = map(item.fields);
          // A later line with the same id wins, as it would in a later batch.
          batch.delete(record.externalId);
          batch.set(record.externalId, record);
          pending.imported += 1;
        } catch (error) {
          if (!(error instanceof RecordProblem)) throw error;
          pending.skipped += 1;
          pending.problems.push({ line: item.line, reason: storable(error.message) });
        }
      } else {
        pending.skipped += 1;
        pending.problems.push({ line: item.line, reason: storable(item.reason) });
      }
      if (item.endByte < 0) continue;
      if (pending.lines >= batchSize) {
        await commit(item, false);
        if (input.signal?.aborted) {
          await db.companyDataImport.updateMany({ where: { id: run.id, status: "running" }, data: { status: "failed", error: "stopped before the end" } });
          return { ...progress(), status: "stopped", problems: state.problems };
        }
      }
    }
    await commit({ endByte: size, endLine: lastLine }, true);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof ImportTakenOver)) {
      await db.companyDataImport
        .update({ where: { id: run.id }, data: { status: "failed", error: message.slice(0, 2000) } })
        .catch(() => undefined);
    }
    throw error;
  }
  if (input.refreshValues !== false) await refreshFilterValues();
  return { ...progress(), status: "completed", problems: state.problems };
}

function formatOf(file: string): "csv" | "jsonl" {
  const extension = path.extname(file).toLowerCase();
  if (extension === ".csv") return "csv";
  if ([".jsonl", ".json", ".ndjson"].includes(extension)) return "jsonl";
  throw new ImportFileError(`cannot tell the format of ${path.basename(file)} from its name: give the format (csv or jsonl)`);
}

async function fileSize(file: string): Promise<number> {
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new ImportFileError(`${file} is not a file`);
    return info.size;
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new ImportFileError(code === "ENOENT" ? `${file} does not exist` : `cannot read ${file} (${code ?? String(error)})`);
  }
}

/** The file's size and a hash of its first 64 KiB: the same file, as far as resuming goes. */
async function fingerprintOf(file: string, size: number): Promise<string> {
  let handle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    throw new ImportFileError(`cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  try {
    const buffer = Buffer.alloc(Math.min(size, FINGERPRINT_BYTES));
    await handle.read(buffer, 0, buffer.length, 0);
    return `${size}:${createHash("sha256").update(buffer).digest("hex").slice(0, 32)}`;
  } finally {
    await handle.close();
  }
}

/** The CSV header, which must name the columns a record cannot do without. */
async function csvHeaderOf(file: string, kind: "companies" | "people") {
  const header = await readCsvHeader(file);
  if (!header) throw new ImportFileError(`${file} is empty: a CSV file starts with a header row of column names`);
  const needed = kind === "companies" ? ["name", "display_name"] : ["first_name", "last_name", "full_name"];
  if (!needed.some((column) => header.columns.includes(column))) {
    throw new ImportFileError(
      `the header row of ${path.basename(file)} has no ${needed.join(" or ")} column: is it a People Data Labs ${kind} file? (it has ${header.columns.slice(0, 12).join(", ")})`,
    );
  }
  return header;
}
