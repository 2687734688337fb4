// The SQL of a company search: the WHERE of every filter and the keyset sort of every sort key.
// Kept apart from the search itself so the filters read as one list beside ZCompanyFilters.
import { Prisma } from "../../db/generated/client";
import { HeraldError } from "../../lib/errors";
import type { TCompanyFilters, TCompanySort } from "../../schemas/company-database";
import type { KeysetSort } from "./keyset-page";

/** The table of a company search, aliased `c` (the filters and sorts below name its columns so). */
export const COMPANY_FROM = Prisma.sql`"Company" c`;

/** The text-search configuration of `searchVector` (the migration generates the column with it). */
const KEYWORD_QUERY = (keywords: string) => Prisma.sql`websearch_to_tsquery('english'::regconfig, ${keywords})`;

type RangeKey = keyof TCompanyFilters & `${"min" | "max"}${string}`;

/** Each max filter with its min, for the "max below min" check. */
const RANGES: ReadonlyArray<readonly [RangeKey, RangeKey]> = [
  ["minHeadcount", "maxHeadcount"],
  ["minHeadcountGrowth", "maxHeadcountGrowth"],
  ["minYearFounded", "maxYearFounded"],
  ["minLastRoundDate", "maxLastRoundDate"],
  ["minTotalFundingUsd", "maxTotalFundingUsd"],
  ["minLastRoundUsd", "maxLastRoundUsd"],
  ["minRevenueUsd", "maxRevenueUsd"],
];

/** 400 naming the max filter when a range is empty (its max below its min): such a search can match nothing. */
export function assertRangesNotEmpty(filters: TCompanyFilters): void {
  for (const [minKey, maxKey] of RANGES) {
    const min = filters[minKey];
    const max = filters[maxKey];
    if (min === undefined || max === undefined || max >= min) continue;
    const message = `must not be less than ${minKey} (${min})`;
    throw HeraldError.invalidInput(`Invalid filters.${maxKey}: ${message}`, [{ field: `filters.${maxKey}`, message }]);
  }
}

const lower = (values: readonly string[]) => values.map((value) => value.toLowerCase());
const textArray = (values: readonly string[]) => Prisma.sql`${values}::text[]`;
/** A LIKE pattern that matches the text literally at the start. */
const prefixPattern = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * The WHERE of the filters: every filter given must match; a list matches when any of its values
 * does. Text values are compared in lower case (the database keeps them so); amounts in whole dollars.
 * Counts are compared as bigint: the schema caps them only at JavaScript's safe integers, and an int
 * cast of a larger one would fail the query.
 */
export function companySearchWhere(filters: TCompanyFilters): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  const add = (condition: Prisma.Sql) => conditions.push(condition);
  const f = filters;

  if (f.keywords !== undefined) add(Prisma.sql`c."searchVector" @@ ${KEYWORD_QUERY(f.keywords)}`);
  if (f.names) {
    const names = f.names.map((name) => Prisma.sql`lower(c.name) COLLATE "C" LIKE ${prefixPattern(name)}`);
    add(Prisma.sql`(${Prisma.join(names, " OR ")})`);
  }
  if (f.domains) add(Prisma.sql`c.domain = ANY(${textArray(lower(f.domains.map(bareDomain)))})`);
  if (f.industries) add(Prisma.sql`c.industries && ${textArray(lower(f.industries))}`);
  if (f.countries) add(Prisma.sql`c.country = ANY(${textArray(lower(f.countries))})`);
  if (f.regions) add(Prisma.sql`c.region = ANY(${textArray(lower(f.regions))})`);
  if (f.cities) add(Prisma.sql`c.city = ANY(${textArray(lower(f.cities))})`);
  if (f.continents) add(Prisma.sql`c.continent = ANY(${textArray(lower(f.continents))})`);
  if (f.companyTypes) add(Prisma.sql`c."companyType" = ANY(${textArray(f.companyTypes)})`);
  if (f.headcountRanges) add(Prisma.sql`c."headcountRange" = ANY(${textArray(f.headcountRanges)})`);
  if (f.minHeadcount !== undefined) add(Prisma.sql`c.headcount >= ${f.minHeadcount}::bigint`);
  if (f.maxHeadcount !== undefined) add(Prisma.sql`c.headcount <= ${f.maxHeadcount}::bigint`);
  if (f.minHeadcountGrowth !== undefined) add(Prisma.sql`c."headcountGrowth12m" >= ${f.minHeadcountGrowth}::float8`);
  if (f.maxHeadcountGrowth !== undefined) add(Prisma.sql`c."headcountGrowth12m" <= ${f.maxHeadcountGrowth}::float8`);
  if (f.minFollowers !== undefined) add(Prisma.sql`c.followers >= ${f.minFollowers}::bigint`);
  if (f.minOpenings !== undefined) add(Prisma.sql`c.openings >= ${f.minOpenings}::bigint`);
  if (f.minYearFounded !== undefined) add(Prisma.sql`c."yearFounded" >= ${f.minYearFounded}::int`);
  if (f.maxYearFounded !== undefined) add(Prisma.sql`c."yearFounded" <= ${f.maxYearFounded}::int`);
  if (f.lastRoundTypes) add(Prisma.sql`c."lastRoundType" = ANY(${textArray(f.lastRoundTypes)})`);
  if (f.minLastRoundDate !== undefined) add(Prisma.sql`c."lastRoundDate" >= ${f.minLastRoundDate}::date`);
  if (f.maxLastRoundDate !== undefined) add(Prisma.sql`c."lastRoundDate" <= ${f.maxLastRoundDate}::date`);
  if (f.minTotalFundingUsd !== undefined) add(Prisma.sql`c."fundingTotalUsd" >= ${atLeast(f.minTotalFundingUsd)}::bigint`);
  if (f.maxTotalFundingUsd !== undefined) add(Prisma.sql`c."fundingTotalUsd" <= ${atMost(f.maxTotalFundingUsd)}::bigint`);
  if (f.minLastRoundUsd !== undefined) add(Prisma.sql`c."lastRoundUsd" >= ${atLeast(f.minLastRoundUsd)}::bigint`);
  if (f.maxLastRoundUsd !== undefined) add(Prisma.sql`c."lastRoundUsd" <= ${atMost(f.maxLastRoundUsd)}::bigint`);
  if (f.investors) add(Prisma.sql`c.investors && ${textArray(lower(f.investors))}`);
  if (f.technologies) add(Prisma.sql`c.technologies && ${textArray(lower(f.technologies))}`);
  // Revenue is an estimated range: it matches when it overlaps [minRevenueUsd, maxRevenueUsd]. A
  // company with one bound only is taken as that single amount; one without an estimate never matches.
  if (f.minRevenueUsd !== undefined) add(Prisma.sql`COALESCE(c."revenueMaxUsd", c."revenueMinUsd") >= ${atLeast(f.minRevenueUsd)}::bigint`);
  if (f.maxRevenueUsd !== undefined) add(Prisma.sql`COALESCE(c."revenueMinUsd", c."revenueMaxUsd") <= ${atMost(f.maxRevenueUsd)}::bigint`);

  return conditions.length ? Prisma.join(conditions, " AND ") : Prisma.sql`TRUE`;
}

/** The number of search terms in the keywords (0 when they are only common words such as "the"). */
export function keywordTermsSql(keywords: string): Prisma.Sql {
  return Prisma.sql`SELECT numnode(${KEYWORD_QUERY(keywords)})::int AS terms`;
}

/** The default direction of a sort key: A to Z for names, largest (newest, most relevant) first otherwise. */
export function defaultSortDir(key: TCompanySort["key"]): "asc" | "desc" {
  return key === "name" ? "asc" : "desc";
}

/** The keyset sort of a sort key; `relevance` ranks keyword matches, or orders by prominence without keywords. */
export function companySort(key: TCompanySort["key"], dir: "asc" | "desc", keywords: string | undefined): KeysetSort {
  switch (key) {
    case "relevance":
      return keywords === undefined
        ? { expr: Prisma.sql`c.prominence`, dir, nullable: false, type: "float8" }
        : { expr: Prisma.sql`ts_rank(c."searchVector", ${KEYWORD_QUERY(keywords)})::float8`, dir, nullable: false, type: "float8" };
    case "name":
      return { expr: Prisma.sql`(lower(c.name) COLLATE "C")`, dir, nullable: false, type: "text" };
    case "headcount":
      return { expr: Prisma.sql`c.headcount`, dir, nullable: true, type: "int" };
    case "headcountGrowth12m":
      return { expr: Prisma.sql`c."headcountGrowth12m"`, dir, nullable: true, type: "float8" };
    case "followers":
      return { expr: Prisma.sql`c.followers`, dir, nullable: true, type: "int" };
    case "yearFounded":
      return { expr: Prisma.sql`c."yearFounded"`, dir, nullable: true, type: "int" };
    case "lastRoundDate":
      return { expr: Prisma.sql`c."lastRoundDate"`, dir, nullable: true, type: "date" };
  }
}

/** `https://www.Example.com/about` → `example.com`: people paste URLs where a domain is asked for. */
function bareDomain(domain: string): string {
  return domain
    .trim()
    .replace(/^[a-z]+:\/\//i, "")
    .replace(/^www\./i, "")
    .replace(/[/?#].*$/, "");
}

/** Amounts are whole dollars in the database: a minimum rounds up, a maximum down. */
function atLeast(usd: number): bigint {
  return BigInt(Math.ceil(usd));
}
function atMost(usd: number): bigint {
  return BigInt(Math.floor(usd));
}
