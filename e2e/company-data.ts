// The company database of the browser tests: a small generated set (the demo's generator, a seed of
// its own), written into the worker's Herald's database before the Companies journeys. Writing it
// again is harmless (rows are upserted by their source id), so each spec file seeds it for itself.
import { execFileSync } from "node:child_process";
import { generateCompany, type CompanyRecord, type PersonRecord } from "../server/services/company-database/generator/generate-dataset";

export const E2E_DATASET = { seed: "e2e-companies", companies: 3000, people: 6000 };

/** The database of this worker's Herald (the `herald` fixture of e2e/own-workspace.ts names it). */
function e2eDatabaseUrl(): string {
  const url = process.env.HERALD_E2E_DATABASE_URL;
  if (!url) throw new Error("seedCompanyData runs in a test of e2e/own-workspace.ts, after its worker's Herald started");
  return url;
}

/**
 * Writes the data set through the generator's own writer (generateCompanyData, which also rebuilds
 * the filter values), in a child process: the server code runs under tsx as in `npm run dev`.
 */
export function seedCompanyData() {
  execFileSync(process.execPath, ["--import", "tsx", "e2e/seed-company-data.ts", JSON.stringify(E2E_DATASET)], {
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(), HERALD_LOG_LEVEL: "warn" },
    stdio: "inherit",
    timeout: 120_000,
  });
}

/** The same rows in memory, to know what a search must find. */
export function datasetCompanies(): Array<{ company: CompanyRecord; people: PersonRecord[] }> {
  return Array.from({ length: E2E_DATASET.companies }, (_, n) => generateCompany(E2E_DATASET, n));
}

