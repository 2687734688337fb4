// npm run database:generate -- [--companies 1000000] [--people 2000000] [--seed demo] [--from 0]
//
// Fills the company database with the deterministic generated data set (the same seed gives the
// same rows everywhere; re-running updates them), into DATABASE_URL or the embedded database of
// the data folder (stop Herald first). `--from N` continues a run that stopped after N companies.
import { parseArgs } from "node:util";
import { generateCompanyData } from "../server/services/company-database/generate-company-data";
import { count, openDatabase, perSecond, progressPrinter } from "./company-data-cli";

const USAGE = "usage: npm run database:generate -- [--companies 1000000] [--people 2000000] [--seed demo] [--from 0]";

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value.replace(/[_,]/g, ""));
  if (!Number.isInteger(parsed) || parsed < 0) {
    console.error(`--${name} must be a whole number, not ${JSON.stringify(value)}\n${USAGE}`);
    process.exit(2);
  }
  return parsed;
}

let values;
try {
  values = parseArgs({
    options: { companies: { type: "string" }, people: { type: "string" }, seed: { type: "string" }, from: { type: "string" } },
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const companies = wholeNumber("companies", values.companies, 1_000_000);
const people = wholeNumber("people", values.people, 2_000_000);
const from = wholeNumber("from", values.from, 0);
const seed = values.seed?.trim() || "demo";
if (companies < 1 || from > companies) {
  console.error(`${companies < 1 ? "--companies must be at least 1" : "--from must not be more than --companies"}\n${USAGE}`);
  process.exit(2);
}

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

let exitCode = 0;
const printer = progressPrinter();
const startedAt = Date.now();
let done = from;
try {
  console.error(`Generating ${count(companies)} companies and ${count(people)} people (seed "${seed}") into ${database.description}.`);
  const result = await generateCompanyData({
    seed,
    companies,
    people,
    from,
    onProgress: (progress) => {
      done = progress.companies;
      printer.print(
        `${((100 * progress.companies) / progress.total).toFixed(1)}% · ${count(progress.companies)} companies · ` +
          `${count(progress.people)} people · ${perSecond(progress.companies - from, startedAt)} companies/s`,
      );
    },
  });
  printer.done();
  console.log(`Generated ${count(result.companies - from)} companies and ${count(result.people)} people in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
} catch (error) {
  printer.done();
  console.error(`Generating stopped after ${count(done)} companies: ${error instanceof Error ? error.message : String(error)}`);
  console.error(`Continue with: npm run database:generate -- --companies ${companies} --people ${people} --seed ${seed} --from ${done}`);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
