import { describe, expect, it } from "vitest";
import { PAID_RESULT_WINDOW_MS } from "@/server/schemas/company-database";
import { chargedWords, searchCost, type PaidSearch } from "./search-cost";

const filters = { countries: ["germany"] };
const relevance = { key: "relevance", dir: "desc" } as const;
const byName = { key: "name", dir: "asc" } as const;
const at = Date.UTC(2026, 5, 1, 9);

function shown(loaded: number, total: number, more = loaded < total, estimate = false): PaidSearch {
  return {
    filters,
    sort: relevance,
    rows: Array.from({ length: loaded }, (_, index) => ({ id: index })),
    paging: { nextCursor: more ? "next" : null, totalCount: total, totalCountIsEstimate: estimate },
    paidAt: at,
  };
}

describe("the cost of a search before it runs", () => {
  it("is up to a page for a first search or other filters", () => {
    expect(searchCost(null, filters, relevance, 25, at)).toEqual({ most: 25, words: "up to 25 credits" });
    expect(searchCost(shown(25, 40), { countries: ["france"] }, relevance, 25, at).most).toBe(25);
  });

  it("is free for the same search again, and for another order when every match is loaded", () => {
    expect(searchCost(shown(25, 400), filters, relevance, 25, at + 60_000)).toEqual({ most: 0, words: "free: already paid for" });
    expect(searchCost(shown(18, 18), filters, byName, 25, at).most).toBe(0);
  });

  it("is at most the matches not loaded yet for another order of a search partly loaded", () => {
    expect(searchCost(shown(25, 30), filters, byName, 25, at)).toEqual({ most: 5, words: "up to 5 credits" });
    expect(searchCost(shown(25, 31), filters, byName, 25, at).words).toBe("up to 6 credits");
    expect(searchCost(shown(25, 400), filters, byName, 25, at).most).toBe(25);
    expect(searchCost(shown(25, 30, true, true), filters, byName, 25, at).most).toBe(25);
  });

  it("takes nothing as paid 24 hours after the search", () => {
    expect(searchCost(shown(25, 400), filters, relevance, 25, at + PAID_RESULT_WINDOW_MS - 1).most).toBe(0);
    expect(searchCost(shown(25, 400), filters, relevance, 25, at + PAID_RESULT_WINDOW_MS).most).toBe(25);
  });
});

describe("what a search charged, in words", () => {
  it("says what was free and why", () => {
    expect(chargedWords(25, 0)).toBe("25 credits charged");
    expect(chargedWords(0, 25)).toBe("nothing charged: 25 companies already paid for in the last 24 hours");
    expect(chargedWords(1, 24)).toBe("1 credit charged (24 companies already paid for in the last 24 hours: free)");
  });
});
