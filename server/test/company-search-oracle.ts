// What a company search must return, computed in plain TypeScript from the records written (never
// from the search's own SQL): the tests compare the service's pages against it.
import type { TCompanyFilters, TCompanySort } from "../schemas/company-database";
import type { CompanyRecord } from "../services/company-database/generator/generate-dataset";

/** A written record with the id the database gave it and its stored prominence (data, not search logic). */
export type StoredCompany = CompanyRecord & { id: number; prominence: number };

/** Words of a text, lower case, with a plural "s" dropped: close enough to English stemming for the test's words. */
export function words(text: string | null): string[] {
  return (text ?? "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) => (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word));
}

export function companyWords(company: CompanyRecord): string[] {
  return [...words(company.name), ...words(company.description)];
}

/** Whether the words hold `phrase` (space-separated, already in `words` form) consecutively. */
export function hasPhrase(list: string[], phrase: string): boolean {
  const wanted = phrase.split(" ");
  return list.some((_, start) => wanted.every((word, i) => list[start + i] === word));
}

const anyOf = (values: readonly string[] | undefined, value: string | null) =>
  values === undefined || (value !== null && values.some((candidate) => candidate.toLowerCase() === value));
const overlaps = (values: readonly string[] | undefined, list: readonly string[]) =>
  values === undefined || values.some((candidate) => list.includes(candidate.toLowerCase()));
const atLeast = (bound: number | undefined, value: number | null) => bound === undefined || (value !== null && value >= bound);
const atMost = (bound: number | undefined, value: number | null) => bound === undefined || (value !== null && value <= bound);
const dateAtLeast = (bound: string | undefined, value: string | null) => bound === undefined || (value !== null && value >= bound);
const dateAtMost = (bound: string | undefined, value: string | null) => bound === undefined || (value !== null && value <= bound);

/**
 * Whether a company matches every filter but `keywords` (the test gives a keyword predicate of its
 * own, written for its words).
 */
export function matchesFilters(company: StoredCompany, filters: TCompanyFilters, keywordMatch?: (company: StoredCompany) => boolean): boolean {
  const f = filters;
  const revenueHigh = company.revenueMaxUsd ?? company.revenueMinUsd;
  const revenueLow = company.revenueMinUsd ?? company.revenueMaxUsd;
  const domain = (value: string) => value.toLowerCase().replace(/^https?:\/\//, "").replace(/^www\./, "").replace(/\/.*$/, "");
  return (
    (f.keywords === undefined || (keywordMatch ?? (() => false))(company)) &&
    (f.names === undefined || f.names.some((name) => company.name.toLowerCase().startsWith(name.toLowerCase()))) &&
    (f.domains === undefined || (company.domain !== null && f.domains.map(domain).includes(company.domain))) &&
    overlaps(f.industries, company.industries) &&
    anyOf(f.countries, company.country) &&
    anyOf(f.regions, company.region) &&
    anyOf(f.cities, company.city) &&
    anyOf(f.continents, company.continent) &&
    anyOf(f.companyTypes, company.companyType) &&
    anyOf(f.headcountRanges, company.headcountRange) &&
    atLeast(f.minHeadcount, company.headcount) &&
    atMost(f.maxHeadcount, company.headcount) &&
    atLeast(f.minHeadcountGrowth, company.headcountGrowth12m) &&
    atMost(f.maxHeadcountGrowth, company.headcountGrowth12m) &&
    atLeast(f.minFollowers, company.followers) &&
    atLeast(f.minOpenings, company.openings) &&
    atLeast(f.minYearFounded, company.yearFounded) &&
    atMost(f.maxYearFounded, company.yearFounded) &&
    anyOf(f.lastRoundTypes, company.lastRoundType) &&
    dateAtLeast(f.minLastRoundDate, company.lastRoundDate) &&
    dateAtMost(f.maxLastRoundDate, company.lastRoundDate) &&
    atLeast(f.minTotalFundingUsd, company.fundingTotalUsd) &&
    atMost(f.maxTotalFundingUsd, company.fundingTotalUsd) &&
    atLeast(f.minLastRoundUsd, company.lastRoundUsd) &&
    atMost(f.maxLastRoundUsd, company.lastRoundUsd) &&
    overlaps(f.investors, company.investors) &&
    overlaps(f.technologies, company.technologies) &&
    atLeast(f.minRevenueUsd, revenueHigh) &&
    atMost(f.maxRevenueUsd, revenueLow)
  );
}

type SortKey = Exclude<TCompanySort["key"], "relevance"> | "prominence";

function sortValue(company: StoredCompany, key: SortKey): string | number | null {
  switch (key) {
    case "prominence":
      return company.prominence;
    case "name":
      return company.name.toLowerCase();
    default:
      return company[key];
  }
}

/** The companies in a sort's order: by value (null last either way), ties by id in the same direction. */
export function inSortOrder(companies: readonly StoredCompany[], key: SortKey, dir: "asc" | "desc"): StoredCompany[] {
  const sign = dir === "asc" ? 1 : -1;
  return [...companies].sort((a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    if (x === y) return (a.id - b.id) * sign;
    if (x === null) return 1;
    if (y === null) return -1;
    return (x < y ? -1 : 1) * sign;
  });
}
