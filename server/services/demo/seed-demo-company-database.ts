import { db } from "../../db/client";
import { generateCompanyData } from "../company-database/generate-company-data";

/** The demo's company database: small enough to write in a few seconds on the embedded database. */
export const DEMO_COMPANY_DATA = { seed: "demo", companies: 5_000, people: 10_000 } as const;

/**
 * Fills an empty company database with the generated demo set (seed "demo"), so the demo's Companies
 * page has something to search. A database that has companies — imported, generated or an earlier
 * demo's — is left alone. Returns how many companies it wrote (0 when it left the database alone).
 */
export async function seedDemoCompanyDatabase(size: { companies: number; people: number } = DEMO_COMPANY_DATA): Promise<number> {
  if (await db.company.findFirst({ select: { id: true } })) return 0;
  const result = await generateCompanyData({ seed: DEMO_COMPANY_DATA.seed, ...size });
  return result.companies;
}
