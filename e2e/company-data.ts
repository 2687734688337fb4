// The company database of the browser tests: a small generated set (the demo's generator, a seed of
// its own). e2e/prepare-template.ts writes it into the run's template database once, so every
// worker's Herald has it from its start; no spec needs an empty company database.
import { generateCompany, type CompanyRecord, type PersonRecord } from "../server/services/company-database/generator/generate-dataset";

export const E2E_DATASET = { seed: "e2e-companies", companies: 3000, people: 6000 };

/** The same rows in memory, to know what a search must find. */
export function datasetCompanies(): Array<{ company: CompanyRecord; people: PersonRecord[] }> {
  return Array.from({ length: E2E_DATASET.companies }, (_, n) => generateCompany(E2E_DATASET, n));
}
