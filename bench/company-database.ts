// Benchmark: the company database at 1,000,000 companies and 2,000,000 people, on PostgreSQL or on the
// embedded PGlite. Loads the deterministic generated data set (generateCompanyData, seed "bench") into a
// database kept between runs (so a re-run measures searches without generating again), then measures:
//   - the generation/write rate (rows per second, companies and people together) when it loads;
//   - the refresh of the filter values (refreshFilterValues) at this size;
//   - searchCompanies / searchPeople p50/p95/p99 per typical filter combination (warm, called directly
//     as the API and the app call them, credits charged per result) and over all combinations;
//   - suggestFilterValues p50/p95 for typical typeahead queries (empty, 1–3 letter prefixes, a typo).
//
//   npx tsx bench/company-database.ts [--db=postgres|embedded] [--companies=1000000] [--people=2000000]
//       [--runs=200] [--phase=load|refresh|search|values|all] [--fresh] [--dir=<PGlite folder>] [--explain] [--only=<text>]
//       [--database=<PostgreSQL database name>]
//   npm run bench:company-database -- [same flags]
//
// PostgreSQL: database `herald_bench_company_db` (suffixed with the size when not the default) on the
// local server (TEST_DATABASE_ADMIN_URL, by default the trust-auth server on 127.0.0.1). Embedded: a
// PGlite folder, by default /tmp/herald-bench-company-db[-size]. `--fresh` drops it and generates anew;
// otherwise a database already holding the data set is reused, and a partial one is completed.
// `--explain` prints EXPLAIN (ANALYZE, BUFFERS) of each search combination's statements.
import { existsSync, rmSync } from "node:fs";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { rssMb } from "./bench-database";
import { benchArgs } from "./campaign-bench-setup";

const args = benchArgs();
const mode = (args.db ?? "postgres") as "postgres" | "embedded";
const companies = Number(args.companies ?? 1_000_000);
const people = Number(args.people ?? 2_000_000);
const runs = Number(args.runs ?? 200);
const phase = args.phase ?? "all";
const fresh = "fresh" in args;
const explain = "explain" in args;
/** --only=<text>: measure only the searches and value queries whose name contains it. */
const only = args.only;
const SEED = "bench";
const defaultSize = companies === 1_000_000 && people === 2_000_000;
const sizeSuffix = defaultSize ? "" : `_${companies}_${people}`;
const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

(process.env as Record<string, string>).NODE_ENV = "production";
process.env.HERALD_LOG_LEVEL = "error";

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

async function openDatabase(): Promise<{ url: string; close(): Promise<void>; label: string }> {
  if (mode === "postgres") {
    const name = args.database ?? `herald_bench_company_db${sizeSuffix}`;
    const admin = new pg.Client(adminUrl);
    await admin.connect();
    if (fresh) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!exists.rowCount) await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return { url: url.toString(), close: async () => undefined, label: `PostgreSQL database ${name}` };
  }
  const dir = args.dir ?? `/tmp/herald-bench-company-db${sizeSuffix.replace(/_/g, "-")}`;
  if (fresh && existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  const { startEmbeddedPostgres } = await import("../server/db/embedded-postgres");
  const started = performance.now();
  const embedded = await startEmbeddedPostgres({ dataDir: dir });
  console.log(`embedded database opened in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  process.env.HERALD_EMBEDDED_DATABASE = "1";
  return { url: embedded.url, close: () => embedded.stop(), label: `PGlite folder ${dir}` };
}

async function counts(): Promise<{ companies: number; people: number }> {
  const { db } = await import("../server/db/client");
  const [row] = await db.$queryRawUnsafe<Array<{ companies: bigint; people: bigint }>>(
    `SELECT (SELECT count(*) FROM "Company") AS companies, (SELECT count(*) FROM "Person") AS people`,
  );
  return { companies: Number(row!.companies), people: Number(row!.people) };
}

async function sizeOnDisk(): Promise<string> {
  const { db } = await import("../server/db/client");
  const [row] = await db.$queryRawUnsafe<Array<{ company: bigint; person: bigint }>>(
    `SELECT pg_total_relation_size('"Company"') AS company, pg_total_relation_size('"Person"') AS person`,
  );
  const gb = (bytes: bigint) => (Number(bytes) / 1_073_741_824).toFixed(2);
  return `Company ${gb(row!.company)} GiB, Person ${gb(row!.person)} GiB (tables with their indexes)`;
}

/** Generates the data set unless the database holds it already; resumes a partial load. */
async function load(): Promise<void> {
  const { generateCompanyData } = await import("../server/services/company-database/generate-company-data");
  const { WRITE_BATCH } = await import("../server/services/company-database/write-dataset-rows");
  const before = await counts();
  if (before.companies >= companies && before.people >= people) {
    console.log(`data set present (${before.companies} companies, ${before.people} people): not generating`);
    return;
  }
  // Company n's people are written after it: resume at the batch holding the last company written.
  const from = Math.max(0, Math.floor(before.companies / WRITE_BATCH) * WRITE_BATCH - WRITE_BATCH);
  console.log(`generating ${companies} companies and ${people} people from company ${from} (batch ${WRITE_BATCH})`);
  const started = performance.now();
  let last = started;
  let lastRows = 0;
  const result = await generateCompanyData({
    seed: SEED,
    companies,
    people,
    from,
    refreshValues: false,
    onProgress: (progress) => {
      const now = performance.now();
      if (now - last < 15_000 && progress.companies < companies) return;
      const rows = progress.companies - from + progress.people;
      const rate = ((rows - lastRows) / (now - last)) * 1000;
      console.log(
        `  ${progress.companies} companies, ${progress.people} people, ${((now - started) / 1000).toFixed(0)} s, ` +
          `${Math.round(rate)} rows/s now, rss ${rssMb()} MB`,
      );
      last = now;
      lastRows = rows;
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const rows = result.companies - from + result.people;
  console.log(
    `generated and wrote ${result.companies - from} companies + ${result.people} people = ${rows} rows in ${seconds.toFixed(1)} s: ` +
      `${Math.round(rows / seconds)} rows/s (${Math.round((result.companies - from) / seconds)} companies/s)`,
  );
  console.log(`size: ${await sizeOnDisk()}`);
}

async function refresh(): Promise<void> {
  const { refreshFilterValues } = await import("../server/services/company-database/refresh-filter-values");
  const { db } = await import("../server/db/client");
  const started = performance.now();
  await refreshFilterValues();
  const seconds = (performance.now() - started) / 1000;
  const [row] = await db.$queryRawUnsafe<Array<{ n: bigint }>>(`SELECT count(*) AS n FROM "DatabaseFilterValue"`);
  console.log(`refreshFilterValues: ${seconds.toFixed(1)} s, ${Number(row!.n)} values`);
}

type Combination = { name: string; scope: "companies" | "people"; input: Record<string, unknown>; page?: number };

/** Typical searches of the Companies page and the API: what a user of Apollo or Sales Navigator asks. */
const COMBINATIONS: Combination[] = [
  {
    name: "industries + countries + minHeadcount, relevance",
    scope: "companies",
    input: { filters: { industries: ["computer software", "internet"], countries: ["united states", "canada"], minHeadcount: 50 } },
  },
  { name: "countries, headcount desc", scope: "companies", input: { filters: { countries: ["germany"] }, sort: { key: "headcount", dir: "desc" } } },
  { name: "keywords", scope: "companies", input: { filters: { keywords: "secure platform hospitals" } } },
  {
    name: "keywords + countries, name asc",
    scope: "companies",
    input: { filters: { keywords: "data-driven", countries: ["united kingdom"] }, sort: { key: "name", dir: "asc" } },
  },
  {
    name: "technologies + headcountRanges",
    scope: "companies",
    input: { filters: { technologies: ["kubernetes", "snowflake"], headcountRanges: ["51-200", "201-500"] } },
  },
  {
    name: "round types + last round dates, lastRoundDate desc",
    scope: "companies",
    input: {
      filters: { lastRoundTypes: ["series_a", "series_b"], minLastRoundDate: "2024-01-01", maxLastRoundDate: "2025-12-31" },
      sort: { key: "lastRoundDate", dir: "desc" },
    },
  },
  { name: "investors", scope: "companies", input: { filters: { investors: ["northgate ventures", "lumen ventures"] } } },
  {
    name: "revenue range + companyTypes, followers desc",
    scope: "companies",
    input: { filters: { minRevenueUsd: 10_000_000, maxRevenueUsd: 50_000_000, companyTypes: ["private"] }, sort: { key: "followers", dir: "desc" } },
  },
  {
    name: "growth + founded years, growth desc",
    scope: "companies",
    input: { filters: { minHeadcountGrowth: 20, minYearFounded: 2015, minHeadcount: 11 }, sort: { key: "headcountGrowth12m", dir: "desc" } },
  },
  { name: "names prefix, name asc", scope: "companies", input: { filters: { names: ["North"] }, sort: { key: "name", dir: "asc" } } },
  { name: "countries, page 5 (cursor)", scope: "companies", input: { filters: { countries: ["united states"] } }, page: 5 },
  {
    name: "people: titles + seniorities + countries",
    scope: "people",
    input: { filters: { titles: ["software", "devops"], seniorities: ["senior", "manager"], countries: ["united states", "germany"] } },
  },
  { name: "people: skills + countries, name asc", scope: "people", input: { filters: { skills: ["python"], countries: ["india"] }, sort: { key: "name", dir: "asc" } } },
  { name: "people: companyIds (50 companies)", scope: "people", input: { filters: { companyIds: [] as number[] } } },
  {
    name: "people: industries + hqCountries + seniorities",
    scope: "people",
    input: { filters: { industries: ["computer software"], hqCountries: ["france"], seniorities: ["director", "vp", "c_suite"] } },
  },
  { name: "people: keywords", scope: "people", input: { filters: { keywords: "sales manager" } } },
];

/** Typeahead queries: empty (most common values), 1–3 letter prefixes, a typo. */
const VALUE_QUERIES: Array<{ type: "companies" | "people"; field: string; query: string }> = [
  { type: "companies", field: "industry", query: "" },
  { type: "companies", field: "industry", query: "c" },
  { type: "companies", field: "industry", query: "sof" },
  { type: "companies", field: "industry", query: "softwre" },
  { type: "companies", field: "country", query: "ge" },
  { type: "companies", field: "technology", query: "sa" },
  { type: "companies", field: "investor", query: "n" },
  { type: "companies", field: "name", query: "nor" },
  { type: "companies", field: "name", query: "harbr" },
  { type: "companies", field: "headcountRange", query: "" },
  { type: "people", field: "title", query: "eng" },
  { type: "people", field: "title", query: "" },
  { type: "people", field: "skill", query: "pyth" },
  { type: "people", field: "school", query: "uni" },
  { type: "people", field: "city", query: "b" },
  { type: "people", field: "company", query: "blu" },
  { type: "people", field: "fieldOfStudy", query: "compter" },
];

/** Statements node-postgres runs while `capturing` (Prisma's pg adapter goes through Client.query). */
let capturing: Array<{ text: string; values: unknown[] }> | null = null;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...rest: unknown[]) {
  if (capturing) {
    const first = rest[0] as string | { text?: string; values?: unknown[] };
    const text = typeof first === "string" ? first : (first.text ?? "");
    const values = typeof first === "string" ? ((rest[1] as unknown[] | undefined) ?? []) : (first.values ?? []);
    capturing.push({ text, values });
  }
  return (clientQuery as (...args: unknown[]) => unknown).apply(this, rest);
} as typeof clientQuery;

function summary(times: number[]): string {
  if (!times.length) return "nothing measured";
  return `p50 ${ms(percentile(times, 0.5))} ms, p95 ${ms(percentile(times, 0.95))} ms, p99 ${ms(percentile(times, 0.99))} ms, max ${ms(Math.max(...times))} ms`;
}

async function measureSearches(): Promise<void> {
  const { db } = await import("../server/db/client");
  const { createTestWorkspace } = await import("../server/test/factories");
  const { searchCompanies } = await import("../server/services/company-database/search-companies");
  const { searchPeople } = await import("../server/services/company-database/search-people");
  const { suggestFilterValues } = await import("../server/services/company-database/suggest-filter-values");
  const { actor, workspace } = await createTestWorkspace({ name: "Company database bench" });
  await db.workspace.update({ where: { id: workspace.id }, data: { aiCreditBalance: 1_000_000_000 } });
  // 50 companies spread over the table, for the people-of-these-companies search (what "add people" does).
  const ids = await db.$queryRawUnsafe<Array<{ id: number }>>(`SELECT id FROM "Company" ORDER BY id LIMIT 50 OFFSET 1000`);
  const spread = await db.$queryRawUnsafe<Array<{ id: number }>>(
    `SELECT id FROM "Company" WHERE id % (SELECT GREATEST(1, max(id) / 50) FROM "Company") = 7 ORDER BY id LIMIT 50`,
  );
  for (const combination of COMBINATIONS) {
    const filters = combination.input.filters as Record<string, unknown>;
    if (filters.companyIds) filters.companyIds = (spread.length >= 50 ? spread : ids).map((row) => row.id);
  }

  const search = async (combination: Combination, cursor?: string) => {
    const input = { ...combination.input, ...(cursor ? { cursor } : {}) } as never;
    const result = combination.scope === "companies" ? await searchCompanies(actor, input) : await searchPeople(actor, input);
    return result as { data: unknown[]; paging: { nextCursor: string | null; totalCount: number; totalCountIsEstimate: boolean } };
  };

  console.log(`\nsearches: ${runs} warm runs each (after 5 unmeasured), limit 25, charged per result`);
  const all: number[] = [];
  const rows: string[] = [];
  for (const combination of COMBINATIONS) {
    if ((only && !combination.name.includes(only)) || phase === "values") continue;
    // The cursor of the page before the measured one (a deep page is measured on its own).
    let cursor: string | undefined;
    let last;
    try {
      for (let page = 1; page < (combination.page ?? 1); page++) cursor = (await search(combination, cursor)).paging.nextCursor ?? undefined;
      last = await search(combination, cursor);
    } catch (error) {
      console.log(`  ${combination.name}: failed: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    for (let i = 0; i < 4; i++) await search(combination, cursor);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      last = await search(combination, cursor);
      times.push(performance.now() - started);
    }
    all.push(...times);
    const count = `${last.paging.totalCountIsEstimate ? "≈" : ""}${last.paging.totalCount}`;
    console.log(`  ${combination.name}: ${summary(times)} (${last.data.length} results, totalCount ${count})`);
    rows.push(`| ${combination.name} | ${count} | ${ms(percentile(times, 0.5))} | ${ms(percentile(times, 0.95))} | ${ms(percentile(times, 0.99))} |`);
    if (explain) {
      capturing = [];
      await search(combination, cursor);
      const statements = capturing;
      capturing = null;
      await explainStatements(statements);
    }
  }
  console.log(`  all searches: ${summary(all)}`);
  if (!all.length) all.push(NaN);
  console.log(`\n| Search | totalCount | p50 (ms) | p95 (ms) | p99 (ms) |\n|---|---|---|---|---|\n${rows.join("\n")}`);
  console.log(`| **all** | | ${ms(percentile(all, 0.5))} | ${ms(percentile(all, 0.95))} | ${ms(percentile(all, 0.99))} |`);

  console.log(`\nfilter values: ${runs} warm runs each`);
  const allValues: number[] = [];
  const valueRows: string[] = [];
  for (const query of VALUE_QUERIES) {
    if (only && !`${query.type} ${query.field} "${query.query}"`.includes(only)) continue;
    let last;
    try {
      last = await suggestFilterValues(actor, { ...query, limit: 10 } as never);
    } catch (error) {
      console.log(`  ${query.field}: failed: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    for (let i = 0; i < 4; i++) await suggestFilterValues(actor, { ...query, limit: 10 } as never);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      last = await suggestFilterValues(actor, { ...query, limit: 10 } as never);
      times.push(performance.now() - started);
    }
    allValues.push(...times);
    const data = (last as { data: Array<{ value: string }> }).data;
    const label = `${query.type} ${query.field} "${query.query}"`;
    console.log(`  ${label}: ${summary(times)} (${data.length} values, first ${JSON.stringify(data[0]?.value ?? null)})`);
    valueRows.push(`| ${label} | ${data.length} | ${ms(percentile(times, 0.5))} | ${ms(percentile(times, 0.95))} | ${ms(percentile(times, 0.99))} |`);
    if (explain) {
      capturing = [];
      await suggestFilterValues(actor, { ...query, limit: 10 } as never);
      const statements = capturing;
      capturing = null;
      await explainStatements(statements);
    }
  }
  console.log(`  all filter values: ${summary(allValues)}`);
  if (!allValues.length) allValues.push(NaN);
  console.log(`\n| Query | values | p50 (ms) | p95 (ms) | p99 (ms) |\n|---|---|---|---|---|\n${valueRows.join("\n")}`);
  console.log(`| **all** | | ${ms(percentile(allValues, 0.5))} | ${ms(percentile(allValues, 0.95))} | ${ms(percentile(allValues, 0.99))} |`);
}

/** EXPLAIN (ANALYZE, BUFFERS) of the reads a search sent (its writes, the credit debit, are left out). */
async function explainStatements(statements: Array<{ text: string; values: unknown[] }>): Promise<void> {
  const client = new pg.Client(process.env.DATABASE_URL);
  await client.connect();
  try {
    for (const statement of statements) {
      if (!/^\s*\(?\s*(SELECT|WITH)/i.test(statement.text) || /"Workspace"|"AiCredit|"Membership"/.test(statement.text)) continue;
      const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values as unknown[]);
      console.log(`    -- ${statement.text.replace(/\s+/g, " ").slice(0, 300)}\n    -- values ${JSON.stringify(statement.values).slice(0, 200)}`);
      for (const line of plan.rows) console.log(`    ${line["QUERY PLAN"]}`);
    }
  } finally {
    await client.end();
  }
}

async function main() {
  const database = await openDatabase();
  process.env.DATABASE_URL = database.url;
  const { applyMigrations } = await import("../server/db/migrations");
  const applied = await applyMigrations(database.url);
  if (applied.length) console.log(`migrations applied: ${applied.length}`);
  const { disconnectDb } = await import("../server/db/client");
  console.log(`${database.label}: ${companies} companies, ${people} people, seed "${SEED}"`);
  try {
    if (phase === "load" || phase === "all") await load();
    if (phase === "refresh" || phase === "all") await refresh();
    if (phase === "search" || phase === "values" || phase === "all") {
      await measureSearches();
    }
  } finally {
    await disconnectDb();
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
