import { db } from "../../db/client";
import { generateCompanyData } from "../company-database/generate-company-data";

/** The demo's company database: small enough to write in a few seconds on the embedded database. */
export const DEMO_COMPANY_DATA = { seed: "demo", companies: 5_000, people: 10_000 } as const;

/**
 * Fills the company database with the generated demo set (seed "demo"), so the demo's Companies page
 * has something to search. A database that holds other companies (imported, or generated with
 * another seed) is left alone; a demo set that an interrupted first start left half-written is
 * completed (rows are upserted, so nothing doubles). Returns how many companies it wrote (0 when it
 * left the database alone).
 */
export async function seedDemoCompanyDatabase(size: { companies: number; people: number } = DEMO_COMPANY_DATA): Promise<number> {
  const demoRows = { startsWith: `gen-${DEMO_COMPANY_DATA.seed}-` };
  if (await db.company.findFirst({ where: { NOT: { externalId: demoRows } }, select: { id: true } })) return 0;
  const [companies, people] = await Promise.all([db.company.count(), db.person.count({ where: { externalId: demoRows } })]);
  if (companies >= size.companies && people >= size.people) return 0;
  const result = await generateCompanyData({ seed: DEMO_COMPANY_DATA.seed, ...size });
  return result.companies;
}
