// npm run database:import -- --file <path> --kind companies|people [--format csv|jsonl] [--restart]
//
// Imports a People Data Labs file into the company database (docs/company-database.md), into
// DATABASE_URL or the embedded database of the data folder (stop Herald first: one process owns
// it). Ctrl-C stops after the batch being written; running the same command again continues.
// Exit status: 0 when the file was read to the end (malformed lines are listed, not fatal), 1 when
// the file cannot be read or the import failed, 2 for a wrong command line, 130 when Ctrl-C stopped it.
import { parseArgs } from "node:util";
import { importCompanyData, ImportFileError, ImportTakenOver, type ImportProgress } from "../server/services/company-database/import-company-data";
import { bytes, count, openDatabase, perSecond, progressPrinter } from "./company-data-cli";

const USAGE = "usage: npm run database:import -- --file <path> --kind companies|people [--format csv|jsonl] [--restart]";

let options;
try {
  options = parseArgs({
    options: { file: { type: "string" }, kind: { type: "string" }, format: { type: "string" }, restart: { type: "boolean" } },
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const { file, kind, format, restart } = options;
if (!file || (kind !== "companies" && kind !== "people") || (format !== undefined && format !== "csv" && format !== "jsonl")) {
  console.error(
    !file ? `--file is missing\n${USAGE}` : kind !== "companies" && kind !== "people" ? `--kind must be companies or people\n${USAGE}` : `--format must be csv or jsonl\n${USAGE}`,
  );
  process.exit(2);
}

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const stop = new AbortController();
process.on("SIGINT", () => {
  if (stop.signal.aborted) process.exit(130);
  stop.abort();
  console.error("\nStopping after the batch being written (Ctrl-C again to quit at once; the run can be continued).");
});

const printer = progressPrinter();
const startedAt = Date.now();
let startRows: number | null = null;
const describe = (progress: ImportProgress) => {
  startRows ??= progress.imported + progress.skipped;
  const percent = progress.fileSize ? (100 * progress.bytesRead) / progress.fileSize : 100;
  return (
    `${kind}: ${percent.toFixed(1)}% (${bytes(progress.bytesRead)} of ${bytes(progress.fileSize)}) · ${count(progress.imported)} imported · ` +
    `${count(progress.skipped)} skipped · ${perSecond(progress.imported + progress.skipped - startRows, startedAt)} rows/s`
  );
};

let exitCode = 0;
try {
  console.error(`Importing ${kind} from ${file} into ${database.description}.`);
  const result = await importCompanyData({
    path: file,
    kind,
    format,
    restart,
    signal: stop.signal,
    onProgress: (progress) => printer.print(describe(progress)),
  });
  printer.print(describe(result), true);
  printer.done();
  if (result.resumedFrom > 0) console.error(`Continued an interrupted run of this file from byte ${count(result.resumedFrom)}.`);
  for (const problem of result.problems) console.error(`  line ${problem.line}: ${problem.reason}`);
  if (result.skipped > result.problems.length) console.error(`  … and ${count(result.skipped - result.problems.length)} more skipped lines`);
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  console.log(
    result.status === "completed"
      ? `Imported ${count(result.imported)} ${kind} (${count(result.skipped)} lines skipped) in ${seconds} s; run ${result.importId}.`
      : `Stopped after ${count(result.imported)} ${kind}; run the same command again to continue.`,
  );
  if (result.status === "stopped") exitCode = 130;
} catch (error) {
  printer.done();
  if (error instanceof ImportFileError) console.error(error.message);
  else if (error instanceof ImportTakenOver) console.error(`Stopped: ${error.message}.`);
  else console.error(`The import failed: ${error instanceof Error ? error.message : String(error)}\nRun the same command again to continue where it stopped.`);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
