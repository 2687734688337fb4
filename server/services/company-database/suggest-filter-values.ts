// POST /database/filter-values: the typeahead of the Companies page and of API users. Reads only
// DatabaseFilterValue (kept by refresh-filter-values.ts), at most two indexed queries, free.
import { db, Prisma } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { parseInput } from "../../lib/zod-issues";
import {
  HEADCOUNT_RANGES,
  ZFilterValuesInput,
  type TFilterValue,
  type TFilterValuesInput,
  type TFilterValuesResult,
} from "../../schemas/company-database";

/** Shorter queries have too few trigrams to be spelled "alike": prefix matches only. */
const FUZZY_MIN_LENGTH = 3;
/** How much of the query must be found, spelled alike, in a word run of the value. */
const WORD_SIMILARITY = 0.5;

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
  void actor;
  const { type, field, query, limit } = parseInput(ZFilterValuesInput, input);

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
  const prefix = await db.$queryRaw<ValueRow[]>`
    SELECT value, count FROM "DatabaseFilterValue"
    WHERE scope = ${type} AND field = ${field} AND lower(value) LIKE lower(${pattern})
    ORDER BY count DESC, value LIMIT ${limit}`;
  const data: TFilterValue[] = prefix.map((row) => ({ ...row, match: "prefix" }));
  if (data.length >= limit || query.length < FUZZY_MIN_LENGTH) return { data };

  // `%` (similarity, at least 0.3) for a whole value spelled alike, `<%` (word similarity, at least
  // WORD_SIMILARITY) for a misspelled word inside a longer value; both use the trigram GIN index. The
  // threshold is set for this transaction only (pg_trgm's default 0.6 misses "sofware" in "computer
  // software", 0.55).
  const [, fuzzy] = await db.$transaction([
    db.$executeRawUnsafe(`SET LOCAL pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY}`),
    db.$queryRaw<ValueRow[]>`
      SELECT value, count FROM "DatabaseFilterValue"
      WHERE scope = ${type} AND field = ${field} AND (value % ${query} OR ${query} <% value)
        AND lower(value) NOT LIKE lower(${pattern})
      ORDER BY greatest(similarity(value, ${query}), word_similarity(${query}, value)) DESC, count DESC, value
      LIMIT ${limit - data.length}`,
  ]);
  data.push(...fuzzy.map((row) => ({ ...row, match: "fuzzy" as const })));
  return { data };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
