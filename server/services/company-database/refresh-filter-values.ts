// Rebuilds DatabaseFilterValue, the typeahead's table of filter values with how many companies
// (scope `companies`) or people (`people`) have each, from Company and Person, entirely in SQL.
//
// Three statements, one per source (companies; people's own fields; people's company fields). Each
// one computes the fresh values of its fields and, in the same statement, deletes the values that
// are gone and upserts the new and changed ones: a statement is atomic, so a reader sees the old or
// the new values of a field, never an empty or half-built field, and a rerun over unchanged data
// writes nothing (no index churn on the trigram index). On a PostgreSQL server the three run in one
// transaction behind an advisory lock, so two refreshes (an import and the generator) take turns.
// The embedded database serves one transaction at a time, so there they run as three separate
// statements and other connections get in between them (each still blocks it while it runs).
// Measured on PostgreSQL 15, 200k companies / 400k people, on a busy 2-core machine: 12-17 s in all,
// the same whether values changed or not (the grouping is the work); about five times that at 1M/2M.
import { db, databaseIsEmbedded, Prisma, type DbClient } from "../../db/client";

/** Longer values could not be given as a filter (200 characters at most) nor fit a btree index entry. */
const MAX_VALUE_LENGTH = 200;
/** Title words that make poor keywords. */
const STOP_WORDS = ["of", "and", "the", "at", "for", "in", "to", "de", "a", "an", "&"];
const LOCK_KEY = 172_017;

const KEEP = `IS NOT NULL AND length(value) BETWEEN 1 AND ${MAX_VALUE_LENGTH}`;

/**
 * (field, value, count) rows of scalar columns in one scan: one grouping set per column (several
 * times faster than unpivoting every row). `columns` maps each field to its column expression.
 */
function scalarValues(columns: Record<string, string>, from: string, measure: string): string {
  const entries = Object.entries(columns);
  const field = entries.map(([name, column]) => `WHEN GROUPING(${column}) = 0 THEN '${name}'`).join(" ");
  return `SELECT * FROM (
      SELECT CASE ${field} END AS field, COALESCE(${entries.map(([, column]) => column).join(", ")}) AS value, (${measure})::int AS count
      FROM ${from} GROUP BY GROUPING SETS (${entries.map(([, column]) => `(${column})`).join(", ")})
    ) s WHERE value ${KEEP}`;
}

/** (field, value, count) rows of an array column (an element repeated within one row counts twice). */
function arrayValues(field: string, column: string, from: string, measure: string): string {
  return `SELECT '${field}' AS field, value, (${measure})::int AS count FROM ${from}, unnest(${column}) AS value WHERE value ${KEEP} GROUP BY value`;
}

interface ValueSource {
  scope: "companies" | "people";
  fields: readonly string[];
  /** Rows (field, value, count) for exactly `fields`; may name `fresh_base` only through `derived`. */
  sql: Prisma.Sql;
  /** Rows computed from the base rows (CTE `fresh_base`), e.g. keywords from titles. */
  derived?: Prisma.Sql;
}

const companyValues: ValueSource = {
  scope: "companies",
  fields: ["industry", "country", "headcountRange", "lastRoundType", "investor", "technology", "name"],
  sql: Prisma.raw(
    [
      scalarValues({ country: "country", headcountRange: '"headcountRange"', lastRoundType: '"lastRoundType"', name: "name" }, '"Company"', "count(*)"),
      arrayValues("industry", "industries", '"Company"', "count(*)"),
      arrayValues("investor", "investors", '"Company"', "count(*)"),
      arrayValues("technology", "technologies", '"Company"', "count(*)"),
    ].join(" UNION ALL "),
  ),
};

const personValues: ValueSource = {
  scope: "people",
  fields: [
    "title",
    "keyword",
    "seniority",
    "department",
    "function",
    "country",
    "city",
    "state",
    "continent",
    "language",
    "skill",
    "school",
    "degree",
    "fieldOfStudy",
  ],
  sql: Prisma.raw(
    [
      scalarValues(
        { title: "title", seniority: "seniority", department: "department", function: "function", country: "country", city: "city", state: "region", continent: "continent" },
        '"Person"',
        "count(*)",
      ),
      arrayValues("language", "languages", '"Person"', "count(*)"),
      arrayValues("skill", "skills", '"Person"', "count(*)"),
      arrayValues("school", "schools", '"Person"', "count(*)"),
      arrayValues("degree", "degrees", '"Person"', "count(*)"),
      arrayValues("fieldOfStudy", '"fieldsOfStudy"', '"Person"', "count(*)"),
    ].join(" UNION ALL "),
  ),
  // `keyword`: the words of job titles (lower case, stop words left out), counted as the people whose
  // title has the word. The people search's `keywords` finds words in titles, so each suggestion finds
  // people. Computed from the few distinct titles, not from every person again.
  derived: Prisma.sql`
    SELECT 'keyword', w.word, sum(t.count)::int
    FROM fresh_base t
    CROSS JOIN LATERAL (
      SELECT DISTINCT word FROM regexp_split_to_table(lower(t.value), '[^[:alnum:]+#]+') AS word
    ) w
    WHERE t.field = 'title' AND length(w.word) >= 2 AND w.word <> ALL (${STOP_WORDS}::text[])
    GROUP BY w.word`,
};

const personCompanyValues: ValueSource = {
  scope: "people",
  fields: ["company", "industry", "companyType", "hqCountry", "headcountRange"],
  // People counted per company once (the companyId index), then spread over the company's values.
  sql: Prisma.raw(`
    WITH employer AS MATERIALIZED (
      SELECT c.name, c.industries, c."companyType", c.country, c."headcountRange", pc.people
      FROM (SELECT "companyId", count(*) AS people FROM "Person" WHERE "companyId" IS NOT NULL GROUP BY "companyId") pc
      JOIN "Company" c ON c.id = pc."companyId"
    )
    ${scalarValues({ company: "name", companyType: '"companyType"', hqCountry: "country", headcountRange: '"headcountRange"' }, "employer", "sum(people)")}
    UNION ALL ${arrayValues("industry", "industries", "employer", "sum(people)")}`),
};

const SOURCES = [companyValues, personValues, personCompanyValues];

/** The one statement that brings the fields of a source up to date (see the file's header). */
function replaceValuesSql(source: ValueSource): Prisma.Sql {
  const fresh = source.derived
    ? Prisma.sql`fresh_base AS MATERIALIZED (${source.sql}),
      fresh AS MATERIALIZED (SELECT field, value, count FROM fresh_base UNION ALL ${source.derived})`
    : Prisma.sql`fresh AS MATERIALIZED (${source.sql})`;
  return Prisma.sql`
    WITH ${fresh},
    removed AS (
      DELETE FROM "DatabaseFilterValue" d
      WHERE d.scope = ${source.scope} AND d.field = ANY(${source.fields as string[]}::text[])
        AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.field = d.field AND f.value = d.value)
    )
    INSERT INTO "DatabaseFilterValue" (scope, field, value, count)
    SELECT ${source.scope}, field, value, count FROM fresh
    ON CONFLICT (scope, field, value) DO UPDATE SET count = EXCLUDED.count
    WHERE "DatabaseFilterValue".count <> EXCLUDED.count`;
}

/**
 * Rebuilds the filter values from the companies and people: after an import, after generating data.
 * Given a transaction, runs inside it.
 */
export async function refreshFilterValues(client: DbClient = db): Promise<void> {
  const run = async (target: DbClient) => {
    // Fresh statistics first: the statements below delete the values missing from the fresh ones by
    // an anti-join, which PostgreSQL runs as a nested loop (every stored value against every fresh one:
    // seconds at thousands of values, hours at a million) when it takes the table for nearly empty,
    // as it does right after its first fill. The embedded database has no autovacuum to analyze the
    // tables at all, and the searches' plans need the statistics of companies and people too.
    await target.$executeRawUnsafe(`ANALYZE "Company", "Person", "DatabaseFilterValue"`);
    for (const source of SOURCES) await target.$executeRaw(replaceValuesSql(source));
    // Fresh statistics for the typeahead's plans: with the table's old ones (none after the first
    // refresh) the planner took a field of a million names for one row and filtered them all
    // instead of seeking its prefix index (65 ms p95 instead of 2 ms at 1M companies).
    await target.$executeRawUnsafe(`ANALYZE "DatabaseFilterValue"`);
  };
  if (client !== db || databaseIsEmbedded()) return run(client);
  await db.$transaction(
    async (transaction) => {
      await transaction.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_KEY})`;
      // Room to group a million names in memory instead of spilling to disk.
      await transaction.$executeRaw`SELECT set_config('work_mem', '64MB', true)`;
      // A maintenance job, not a request: at millions of companies one grouping statement can take
      // longer than HERALD_DATABASE_STATEMENT_TIMEOUT allows a request's (it has its own budget below).
      await transaction.$executeRaw`SELECT set_config('statement_timeout', '0', true)`;
      await run(transaction);
    },
    { maxWait: 60_000, timeout: 30 * 60_000 },
  );
}
