// The filter sidebar's draft (what the user typed, as typed) and its translation into the search's
// filters, with each problem in plain words beside its field. Pure, so the rules are unit-tested.
import { displayCase } from "@/server/domain/company-database/display-case";
import { COMPANY_TYPES, ROUND_TYPES, type TCompanyFilters, type THeadcountRange } from "@/server/schemas/company-database";

export type CompanyType = (typeof COMPANY_TYPES)[number];
export type RoundType = (typeof ROUND_TYPES)[number];

/** The multi-value fields: chips the user picks (typeahead or typed). */
export const LIST_FIELDS = ["industries", "countries", "regions", "cities", "investors", "technologies"] as const;
export type ListField = (typeof LIST_FIELDS)[number];

/** A number range of the sidebar: two boxes, mapped onto the search's min/max filters. */
export interface RangeSpec {
  id: string;
  label: string;
  min: keyof TCompanyFilters;
  max: keyof TCompanyFilters;
  kind: "count" | "percent" | "year" | "usd";
  /** The unit shown beside the boxes. */
  unit: string;
}

export const RANGES = [
  { id: "headcount", label: "Employees", min: "minHeadcount", max: "maxHeadcount", kind: "count", unit: "people" },
  { id: "growth", label: "Headcount growth (12 months)", min: "minHeadcountGrowth", max: "maxHeadcountGrowth", kind: "percent", unit: "%" },
  { id: "founded", label: "Founded", min: "minYearFounded", max: "maxYearFounded", kind: "year", unit: "year" },
  { id: "totalFunding", label: "Total funding", min: "minTotalFundingUsd", max: "maxTotalFundingUsd", kind: "usd", unit: "USD" },
  { id: "lastRound", label: "Last round amount", min: "minLastRoundUsd", max: "maxLastRoundUsd", kind: "usd", unit: "USD" },
  { id: "revenue", label: "Estimated revenue", min: "minRevenueUsd", max: "maxRevenueUsd", kind: "usd", unit: "USD a year" },
] as const satisfies readonly RangeSpec[];
export type RangeId = (typeof RANGES)[number]["id"];

export interface CompanyFilterDraft {
  keywords: string;
  lists: Record<ListField, string[]>;
  headcountRanges: THeadcountRange[];
  companyTypes: CompanyType[];
  lastRoundTypes: RoundType[];
  ranges: Record<RangeId, { min: string; max: string }>;
  lastRoundDate: { min: string; max: string };
  minFollowers: string;
  hiring: boolean;
}

export function emptyDraft(): CompanyFilterDraft {
  return {
    keywords: "",
    lists: { industries: [], countries: [], regions: [], cities: [], investors: [], technologies: [] },
    headcountRanges: [],
    companyTypes: [],
    lastRoundTypes: [],
    ranges: Object.fromEntries(RANGES.map((range) => [range.id, { min: "", max: "" }])) as CompanyFilterDraft["ranges"],
    lastRoundDate: { min: "", max: "" },
    minFollowers: "",
    hiring: false,
  };
}

const SUFFIXES: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9 };

/**
 * A number as people type it: "1,500", "2.5M", "250k" (amounts), "-10" (growth). Null when it is
 * not a number at all.
 */
export function parseAmount(text: string): number | null {
  const cleaned = text.trim().replace(/[\s,_$]/g, "").toLowerCase();
  const match = /^(-?\d+(?:\.\d+)?)([kmb])?$/.exec(cleaned);
  if (!match) return null;
  return Number(match[1]) * (match[2] ? SUFFIXES[match[2]]! : 1);
}

/** One side of a range: its number, or a sentence saying what is wrong. */
function readBound(text: string, kind: RangeSpec["kind"]): { value?: number; error?: string } {
  if (!text.trim()) return {};
  const value = parseAmount(text);
  switch (kind) {
    case "count":
      if (value === null || !Number.isInteger(value)) return { error: "Enter a whole number, such as 50." };
      if (value < 0) return { error: "Enter 0 or more." };
      return { value };
    case "percent":
      if (value === null) return { error: "Enter a percentage, such as 10 or -5." };
      if (value < -100) return { error: "A company cannot shrink by more than 100%." };
      if (value > 100_000) return { error: "Enter a smaller percentage." };
      return { value };
    case "year":
      if (value === null || !Number.isInteger(value)) return { error: "Enter a year, such as 2015." };
      if (value < 1600 || value > 2100) return { error: "Enter a year between 1600 and 2100." };
      return { value };
    case "usd":
      if (value === null) return { error: "Enter an amount in US dollars, such as 500000 or 2.5M." };
      if (value < 0) return { error: "Enter 0 or more." };
      if (value > 1e15) return { error: "Enter a smaller amount." };
      return { value: Math.round(value) };
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface DraftReading {
  /** The search's filters; null when nothing is chosen yet. */
  filters: TCompanyFilters | null;
  /** Problems by field id (a range id, `lastRoundDate`, `minFollowers`), in plain words. */
  errors: Record<string, string>;
  /** How many filters are set (for the phone's "Filters (3)" button). */
  count: number;
}

/** Reads the draft: the filters it asks for, and what must be fixed before searching. */
export function readDraft(draft: CompanyFilterDraft): DraftReading {
  const filters: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  const keywords = draft.keywords.trim();
  if (keywords) filters.keywords = keywords.slice(0, 200);
  for (const field of LIST_FIELDS) if (draft.lists[field].length) filters[field] = draft.lists[field];
  if (draft.headcountRanges.length) filters.headcountRanges = draft.headcountRanges;
  if (draft.companyTypes.length) filters.companyTypes = draft.companyTypes;
  if (draft.lastRoundTypes.length) filters.lastRoundTypes = draft.lastRoundTypes;
  for (const range of RANGES) {
    const { min, max } = draft.ranges[range.id];
    const low = readBound(min, range.kind);
    const high = readBound(max, range.kind);
    if (low.error || high.error) {
      errors[range.id] = [low.error && `From: ${low.error}`, high.error && `To: ${high.error}`].filter(Boolean).join(" ");
      continue;
    }
    if (low.value !== undefined && high.value !== undefined && low.value > high.value) {
      errors[range.id] = "The first number is larger than the second: nothing would match.";
      continue;
    }
    if (low.value !== undefined) filters[range.min] = low.value;
    if (high.value !== undefined) filters[range.max] = high.value;
  }
  const { min: dateFrom, max: dateTo } = draft.lastRoundDate;
  if ((dateFrom && !DATE.test(dateFrom)) || (dateTo && !DATE.test(dateTo))) errors.lastRoundDate = "Enter dates such as 2024-06-30.";
  else if (dateFrom && dateTo && dateFrom > dateTo) errors.lastRoundDate = "The first date is after the second: nothing would match.";
  else {
    if (dateFrom) filters.minLastRoundDate = dateFrom;
    if (dateTo) filters.maxLastRoundDate = dateTo;
  }
  const followers = readBound(draft.minFollowers, "count");
  if (followers.error) errors.minFollowers = followers.error;
  else if (followers.value !== undefined) filters.minFollowers = followers.value;
  if (draft.hiring) filters.minOpenings = 1;
  const count = Object.keys(filters).length;
  return { filters: count ? (filters as TCompanyFilters) : null, errors, count };
}

/**
 * A database value as people write it: "united states" → "United States", "vp" → "VP",
 * "human_resources" → "Human Resources" (displayCase: the values are kept lower case as filter keys).
 */
export function displayValue(value: string): string {
  return displayCase(value.replaceAll("_", " "));
}

export const ROUND_LABELS: Record<RoundType, string> = {
  pre_seed: "Pre-seed",
  seed: "Seed",
  series_a: "Series A",
  series_b: "Series B",
  series_c: "Series C",
  series_d: "Series D",
  series_e: "Series E",
  series_f: "Series F",
  private_equity: "Private equity",
  debt_financing: "Debt financing",
  grant: "Grant",
  convertible_note: "Convertible note",
  angel: "Angel",
  ipo: "IPO",
};
