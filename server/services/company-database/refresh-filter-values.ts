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
// statements and other connections get in between them (each still blocks it while it runs:
// a few seconds on the demo's data set, see BENCHMARKS.md for the 1M figures).
import { db, databaseIsEmbedded, Prisma, type DbClient } from "../../db/client";

/** Longer values could not be given as a filter (200 characters at most) nor fit a btree index entry. */
const MAX_VALUE_LENGTH = 200;
/** Title words that make poor keywords. */
const STOP_WORDS = ["of", "and", "the", "at", "for", "in", "to", "de", "a", "an", "&"];
const LOCK_KEY = 172_017;

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
  // One scan of Company: every company contributes one (field, value) row per value it has.
  sql: Prisma.sql`
    SELECT v.field, v.value, count(*)::int AS count
    FROM "Company" c
    CROSS JOIN LATERAL (
      SELECT 'industry' AS field, unnest(c.industries) AS value
      UNION ALL SELECT 'investor', unnest(c.investors)
      UNION ALL SELECT 'technology', unnest(c.technologies)
      UNION ALL VALUES ('country', c.country), ('headcountRange', c."headcountRange"), ('lastRoundType', c."lastRoundType"), ('name', c.name)
    ) v
    WHERE v.value IS NOT NULL AND v.value <> '' AND length(v.value) <= ${MAX_VALUE_LENGTH}
    GROUP BY v.field, v.value`,
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
  sql: Prisma.sql`
    SELECT v.field, v.value, count(*)::int AS count
    FROM "Person" p
    CROSS JOIN LATERAL (
      SELECT 'language' AS field, unnest(p.languages) AS value
      UNION ALL SELECT 'skill', unnest(p.skills)
      UNION ALL SELECT 'school', unnest(p.schools)
      UNION ALL SELECT 'degree', unnest(p.degrees)
      UNION ALL SELECT 'fieldOfStudy', unnest(p."fieldsOfStudy")
      UNION ALL VALUES ('title', p.title), ('seniority', p.seniority), ('department', p.department), ('function', p.function),
        ('country', p.country), ('city', p.city), ('state', p.region), ('continent', p.continent)
    ) v
    WHERE v.value IS NOT NULL AND v.value <> '' AND length(v.value) <= ${MAX_VALUE_LENGTH}
    GROUP BY v.field, v.value`,
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
  sql: Prisma.sql`
    SELECT v.field, v.value, sum(pc.people)::int AS count
    FROM (SELECT "companyId", count(*) AS people FROM "Person" WHERE "companyId" IS NOT NULL GROUP BY "companyId") pc
    JOIN "Company" c ON c.id = pc."companyId"
    CROSS JOIN LATERAL (
      SELECT 'industry' AS field, unnest(c.industries) AS value
      UNION ALL VALUES ('company', c.name), ('companyType', c."companyType"), ('hqCountry', c.country), ('headcountRange', c."headcountRange")
    ) v
    WHERE v.value IS NOT NULL AND v.value <> '' AND length(v.value) <= ${MAX_VALUE_LENGTH}
    GROUP BY v.field, v.value`,
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
    for (const source of SOURCES) await target.$executeRaw(replaceValuesSql(source));
  };
  if (client !== db || databaseIsEmbedded()) return run(client);
  await db.$transaction(
    async (transaction) => {
      await transaction.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_KEY})`;
      await run(transaction);
    },
    { maxWait: 60_000, timeout: 30 * 60_000 },
  );
}
