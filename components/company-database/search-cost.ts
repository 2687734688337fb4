// What the Companies page says a search will cost before it runs. The server charges one credit per
// company the workspace has not paid for in the last 24 hours (charge-search-results.ts), so the
// page can tell when a search can only return companies it already shows (free), and otherwise the
// most it can cost. Pure, so the wording is unit-tested.
import { PAID_RESULT_WINDOW_MS, type TCompanyFilters, type TSearchPaging } from "@/server/schemas/company-database";
import { plural } from "@/components/ui/plural";

export interface SortChoice {
  key: string;
  dir: "asc" | "desc";
}

/** The search the page shows: its filters and sort, the rows loaded (all paid for) and when it ran. */
export interface PaidSearch {
  filters: TCompanyFilters;
  sort: SortChoice;
  rows: ReadonlyArray<unknown>;
  paging: TSearchPaging;
  /** When its first page was charged (ms since the epoch). */
  paidAt: number;
}

export interface SearchCost {
  /** The most this search can charge, in credits. */
  most: number;
  /** "free: already paid for", "up to 25 credits". */
  words: string;
}

const sameFilters = (a: TCompanyFilters, b: TCompanyFilters) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The cost of running `filters` in `sort` order for a first page of `pageSize`, given the search on
 * the page. Free when it can only return companies already loaded: the same search again (its first
 * page is on the page), or another order of a search whose every match is loaded. Another order of
 * a search partly loaded costs at most the matches not loaded yet. Anything else: up to a page.
 * After the 24 hours of the loaded rows, nothing is taken as paid.
 */
export function searchCost(shown: PaidSearch | null, filters: TCompanyFilters, sort: SortChoice, pageSize: number, now: number): SearchCost {
  const upTo = (most: number): SearchCost => ({ most, words: `up to ${plural(most, "credit")}` });
  if (!shown || !sameFilters(shown.filters, filters) || now - shown.paidAt >= PAID_RESULT_WINDOW_MS) return upTo(pageSize);
  const sameSort = shown.sort.key === sort.key && shown.sort.dir === sort.dir;
  const allLoaded = shown.paging.nextCursor === null;
  if (sameSort || allLoaded) return { most: 0, words: "free: already paid for" };
  if (shown.paging.totalCountIsEstimate) return upTo(pageSize);
  return upTo(Math.max(0, Math.min(pageSize, shown.paging.totalCount - shown.rows.length)));
}

/** After a search: "12 credits charged", or what was free and why. */
export function chargedWords(charged: number, alreadyPaid: number): string {
  if (!alreadyPaid) return `${plural(charged, "credit")} charged`;
  const free = `${plural(alreadyPaid, "company", "companies")} already paid for in the last 24 hours`;
  return charged ? `${plural(charged, "credit")} charged (${free}: free)` : `nothing charged: ${free}`;
}
