import { db } from "../../db/client";
import { generateCompany, type DatasetOptions } from "./generator/generate-dataset";
import { refreshFilterValues } from "./refresh-filter-values";
import { upsertCompanies, upsertPeople, WRITE_BATCH } from "./write-dataset-rows";

export interface GenerateProgress {
  companies: number;
  people: number;
  total: number;
}

/**
 * Fills the company database with the deterministic generated data set (`npm run
 * database:generate`, the demo, tests and benchmarks). Re-running with the same seed updates the same
 * rows; `from` resumes a run that stopped after that many companies. Filter values are rebuilt at the end.
 */
export async function generateCompanyData(
  options: DatasetOptions & { from?: number; onProgress?: (progress: GenerateProgress) => void; refreshValues?: boolean },
): Promise<GenerateProgress> {
  let people = 0;
  let done = options.from ?? 0;
  for (let start = done; start < options.companies; start += WRITE_BATCH) {
    const end = Math.min(options.companies, start + WRITE_BATCH);
    const companies = [];
    const persons = [];
    for (let n = start; n < end; n++) {
      const generated = generateCompany(options, n);
      companies.push(generated.company);
      persons.push(...generated.people);
    }
    await upsertCompanies(companies, db);
    for (let i = 0; i < persons.length; i += WRITE_BATCH) await upsertPeople(persons.slice(i, i + WRITE_BATCH), db);
    people += persons.length;
    done = end;
    options.onProgress?.({ companies: done, people, total: options.companies });
  }
  if (options.refreshValues !== false) await refreshFilterValues();
  return { companies: done, people, total: options.companies };
}
