// Prints where the test suite's time went: one line per phase (scripts/test.sh records them in
// phases.tsv) and the 15 slowest test files across the vitest projects and Playwright, read from
// their JSON reports. Run by scripts/test.sh at the end, pass or fail; `node scripts/test-timings.mjs
// [folder]` prints the same for an earlier run's reports (default .test-reports).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const folder = process.argv[2] ?? process.env.HERALD_TEST_REPORTS ?? ".test-reports";
const root = process.cwd();

function seconds(milliseconds) {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** Files of a vitest JSON report (jest-compatible): their wall time from first test start to end. */
function vitestFiles(report, project) {
  return (report?.testResults ?? []).map((file) => ({
    name: `${project}  ${path.relative(root, file.name)}`,
    milliseconds: Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0)),
  }));
}

/** Files of a Playwright JSON report: the sum of their tests' durations (one worker runs a file). */
function playwrightFiles(report) {
  const totals = new Map();
  const walk = (suite, file) => {
    const name = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) totals.set(name, (totals.get(name) ?? 0) + (result.duration ?? 0));
      }
    }
    for (const child of suite.suites ?? []) walk(child, name);
  };
  for (const suite of report?.suites ?? []) walk(suite, suite.file);
  return [...totals].map(([name, milliseconds]) => ({ name: `e2e   e2e/${name}`, milliseconds }));
}

const phasesFile = path.join(folder, "phases.tsv");
if (existsSync(phasesFile)) {
  // One row per phase: name, wall milliseconds, exit status ("-" for the whole suite's row).
  // Phases marked "(beside)" ran in the background, beside the phases that followed them.
  const rows = readFileSync(phasesFile, "utf8").trim().split("\n").filter(Boolean).map((line) => line.split("\t"));
  console.log("\n== timings by phase (wall)");
  for (const [name, milliseconds, status] of rows) {
    console.log(`${seconds(Number(milliseconds)).padStart(9)}  ${name}${status === "0" || status === "-" ? "" : `  (exit ${status})`}`);
  }
}

const files = [];
if (existsSync(folder)) {
  for (const entry of readdirSync(folder)) {
    const match = /^vitest-(.+)\.json$/.exec(entry);
    if (match) files.push(...vitestFiles(readJson(path.join(folder, entry)), match[1]));
  }
  files.push(...playwrightFiles(readJson(path.join(folder, "playwright.json"))));
}
if (files.length) {
  console.log("\n== the 15 slowest test files");
  for (const file of files.sort((a, b) => b.milliseconds - a.milliseconds).slice(0, 15)) {
    console.log(`${seconds(file.milliseconds).padStart(9)}  ${file.name}`);
  }
}
