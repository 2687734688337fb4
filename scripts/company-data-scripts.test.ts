// The company-database scripts as a user runs them (`npm run database:generate`, `database:import`),
// against this test file's own database: exit statuses, what they print, what they write.
import { execFile } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { db } from "@/server/db/client";

const SAMPLES = path.resolve("server/test/fixtures/company-database");

function runScript(script: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["--import", "tsx", path.resolve("scripts", script), ...args],
      { env: { ...process.env, HERALD_LOG_LEVEL: "warn" }, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== "number") reject(error);
        else resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      },
    );
  });
}

it("database:generate writes the generated set into DATABASE_URL and says so", async () => {
  const result = await runScript("database-generate.ts", ["--companies", "30", "--people", "70", "--seed", "smoke"]);
  expect(result.code).toBe(0);
  expect(result.stdout).toMatch(/Generated 30 companies and 70 people in/);
  expect(result.stderr).toContain('Generating 30 companies and 70 people (seed "smoke") into DATABASE_URL.');
  expect(await db.company.count({ where: { externalId: { startsWith: "gen-smoke-" } } })).toBe(30);
  expect(await db.person.count({ where: { externalId: { startsWith: "gen-smoke-" } } })).toBe(70);

  expect((await runScript("database-generate.ts", ["--companies", "lots"])).code).toBe(2);
});

it("database:import reports malformed lines and exits 0, and exits 1 only when the file cannot be read", async () => {
  const result = await runScript("database-import.ts", ["--file", path.join(SAMPLES, "pdl-companies.csv"), "--kind", "companies"]);
  expect(result.code).toBe(0);
  expect(result.stdout).toMatch(/Imported 27 companies \(5 lines skipped\)/);
  expect(result.stderr).toContain("line 31: founded is not a year");
  expect(result.stderr).toMatch(/companies: 100\.0% .* 27 imported · 5 skipped · [\d,]+ rows\/s/);
  expect(await db.company.count({ where: { externalId: { startsWith: "pdl-c-" } } })).toBe(26);

  const missing = await runScript("database-import.ts", ["--file", path.join(SAMPLES, "missing.jsonl"), "--kind", "people"]);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain("missing.jsonl does not exist");
  expect((await runScript("database-import.ts", ["--file", "x.csv", "--kind", "leads"])).code).toBe(2);
});
