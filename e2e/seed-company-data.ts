// Run by e2e/company-data.ts with DATABASE_URL set to the e2e server's database:
//   node --import tsx e2e/seed-company-data.ts '{"seed":"…","companies":3000,"people":6000}'
import { disconnectDb } from "../server/db/client";
import { generateCompanyData } from "../server/services/company-database/generate-company-data";

const options = JSON.parse(process.argv[2] ?? "{}") as { seed: string; companies: number; people: number };
await generateCompanyData(options);
await disconnectDb();
