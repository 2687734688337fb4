// POST /database/filter-values: the typeahead of the Companies page and of API users. Reads only
// DatabaseFilterValue (kept by refresh-filter-values.ts), at most two indexed queries, free.
//
// What is free: the facets (industries, countries, titles, skills, investors… with their counts).
// What is not: the list of the database's companies, which searches sell for credits. The fields
// whose values are company names (companies' `name`, people's `company`) therefore only complete
// what was typed: no answer under NAME_QUERY_MIN_LENGTH characters, at most NAME_SUGGESTIONS values,
// and NAME_LOOKUPS_PER_MINUTE lookups a minute per person, across all their workspaces (anyone can
// create workspaces, so a per-workspace allowance multiplies) — plenty for a person typing, and
// walking prefixes to list the names is slow work compared with a search's price.
import { db, Prisma } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { parseInput } from "../../lib/zod-issues";
import {
  COMPANY_NAME_FIELDS,
  HEADCOUNT_RANGES,
  NAME_LOOKUPS_PER_MINUTE,
  NAME_QUERY_MIN_LENGTH,
  NAME_SUGGESTIONS,
  ZFilterValuesInput,
  type TFilterValue,
  type TFilterValuesInput,
  type TFilterValuesResult,
} from "../../schemas/company-database";
import { sharedLimiter } from "../rate-limits/attempt-limiter";

/** Shorter queries have too few trigrams to be spelled "alike": prefix matches only. */
const FUZZY_MIN_LENGTH = 3;
/** How much of the query must be found, spelled alike, in a word run of the value. */
const WORD_SIMILARITY = 0.5;
/** Up to this many values a field is matched fuzzily row by row (faster than the index for a few hundred). */
const SMALL_FIELD = 500;
/** At most this many matches of a large field are ranked. */
const LARGE_FIELD_CANDIDATES = 300;

interface ValueRow {
  value: string;
  count: number;
}

/**
 * Values of a filter field with their counts: with no query the most common first; else those
 * starting with the query (case-insensitive, most common first), then close spellings (trigram
 * similarity: "sofware" finds "computer software", "germny" finds "germany") up to `limit`.
 * `headcountRange` is always the closed eight-value set, in order, with its counts.
 */
export async function suggestFilterValues(actor: Actor, input: TFilterValuesInput): Promise<TFilterValuesResult> {
  // Every member may look values up: they describe the shared company database, not a workspace.
  const parsed = parseInput(ZFilterValuesInput, input);
  const { type, field, query } = parsed;
  let limit = parsed.limit;
  if (COMPANY_NAME_FIELDS[type].includes(field)) {
    if (query.length < NAME_QUERY_MIN_LENGTH) return { data: [] };
    countNameLookup(actor.userId);
    limit = Math.min(limit, NAME_SUGGESTIONS);
  }

  if (field === "headcountRange") {
    const rows = await db.$queryRaw<ValueRow[]>`
      SELECT value, count FROM "DatabaseFilterValue"
      WHERE scope = ${type} AND field = ${field} AND value = ANY(${[...HEADCOUNT_RANGES]}::text[])`;
    const counts = new Map(rows.map((row) => [row.value, row.count]));
    return { data: HEADCOUNT_RANGES.map((value) => ({ value, count: counts.get(value) ?? 0, match: "all" })) };
  }

  if (!query) {
    const rows = await db.$queryRaw<ValueRow[]>`
      SELECT value, count FROM "DatabaseFilterValue"
      WHERE scope = ${type} AND field = ${field}
      ORDER BY count DESC, value LIMIT ${limit}`;
    return { data: rows.map((row) => ({ ...row, match: "all" })) };
  }

  const pattern = `${escapeLike(query)}%`;
  // lower(value) LIKE lower($pattern): the prefix index (scope, field, lower(value) text_pattern_ops).
  // The same round trip tells whether the field is small (up to SMALL_FIELD values), for the fuzzy step.
  const prefix = await db.$queryRaw<Array<{ size: number; value: string | null; count: number | null }>>`
    SELECT s.size, p.value, p.count
    FROM (SELECT count(*)::int AS size FROM (SELECT 1 FROM "DatabaseFilterValue" WHERE scope = ${type} AND field = ${field} LIMIT ${SMALL_FIELD + 1}) f) s
    LEFT JOIN LATERAL (
      SELECT value, count FROM "DatabaseFilterValue"
      WHERE scope = ${type} AND field = ${field} AND lower(value) LIKE lower(${pattern})
      ORDER BY count DESC, value LIMIT ${limit}
    ) p ON true`;
  const data: TFilterValue[] = prefix.flatMap((row) => (row.value === null ? [] : [{ value: row.value, count: row.count!, match: "prefix" as const }]));
  if (data.length >= limit || query.length < FUZZY_MIN_LENGTH) return { data };

  // Fuzzy: word similarity of at least WORD_SIMILARITY, the query spelled alike somewhere in the value
  // ("sofware" in "computer software", 0.55). A field of a few hundred values is filtered row by row
  // in one query. A large one (company names, real job titles) goes through the trigram GIN index
  // (`query <% value`): its threshold is a setting (pg_trgm's default 0.6 is too strict), set for one
  // transaction, and PostgreSQL's cost model undervalues the index (it takes the trigram functions for
  // cheap): `|| ''` keeps it off the field's btree and enable_seqscan off the table scan. There the
  // best are ranked among the first LARGE_FIELD_CANDIDATES matches (all spelled alike, in no
  // particular order): "sofware" is in thousands of company names, ranking all would take 10s of ms.
  const notPrefix = Prisma.sql`lower(value) NOT LIKE lower(${pattern})`;
  const ranked = (matches: Prisma.Sql) => db.$queryRaw<ValueRow[]>`
    SELECT value, count FROM (${matches}) f
    ORDER BY word_similarity(${query}, value) DESC, similarity(${query}, value) DESC, count DESC, value
    LIMIT ${limit - data.length}`;
  const fuzzy =
    prefix[0]!.size <= SMALL_FIELD
      ? await ranked(Prisma.sql`SELECT value, count FROM "DatabaseFilterValue"
          WHERE scope = ${type} AND field = ${field} AND word_similarity(${query}, value) >= ${WORD_SIMILARITY} AND ${notPrefix}`)
      : (
          await db.$transaction([
            db.$queryRaw`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true), set_config('enable_seqscan', 'off', true)`,
            ranked(Prisma.sql`SELECT value, count FROM "DatabaseFilterValue"
              WHERE ${query} <% value AND scope || '' = ${type} AND field || '' = ${field} AND ${notPrefix} LIMIT ${LARGE_FIELD_CANDIDATES}`),
          ])
        )[1];
  data.push(...fuzzy.map((row) => ({ ...row, match: "fuzzy" as const })));
  return { data };
}

const nameLookups = () => sharedLimiter("filter-value-names", { limit: NAME_LOOKUPS_PER_MINUTE, windowMs: 60_000, maxKeys: 10_000 });

function countNameLookup(userId: string): void {
  const state = nameLookups().hit(userId, now().getTime());
  if (state.allowed) return;
  throw new HeraldError({
    code: "rate-limited",
    message: `Too many company name lookups: you may make at most ${NAME_LOOKUPS_PER_MINUTE} a minute. Search the database to list companies.`,
    retryAfterSeconds: state.retryAfterSeconds,
  });
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
