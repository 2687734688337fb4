"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { SEARCH_LIMIT_DEFAULT, type TCompany, type TCompanyFilters, type TCompanySort, type TSearchPaging } from "@/server/schemas/company-database";

/** Results per page: each one costs an AI credit, so a page costs at most this. */
export const PAGE_SIZE = SEARCH_LIMIT_DEFAULT;

export type SortKey = TCompanySort["key"];
export interface CompanySort {
  key: SortKey;
  dir: "asc" | "desc";
}
export const DEFAULT_SORT: CompanySort = { key: "relevance", dir: "desc" };

/** A new sort on a column: A→Z for names, largest / newest first for the others. */
export function firstDirection(key: SortKey): "asc" | "desc" {
  return key === "name" ? "asc" : "desc";
}

/** The workspace's AI credits (the ledger's balance), refreshed after every search that spends. */
export function useCreditBalance() {
  const trpc = useTRPC();
  const ledger = useQuery(trpc.credits.ledger.queryOptions({ limit: 1, offset: 0 }));
  return ledger.data?.balance ?? null;
}

/** Refreshes what shows the balance (this page's cost lines, Settings' ledger) after a spend. */
export function useRefreshCredits() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.credits.ledger.queryKey() });
}

export interface Shown {
  filters: TCompanyFilters;
  sort: CompanySort;
  rows: TCompany[];
  paging: TSearchPaging;
  /** Credits the searches of these rows cost so far. */
  spent: number;
  /** What the last page loaded charged, and how many of its companies were already paid for (free). */
  lastCharge: { what: "This search" | "The page just loaded"; charged: number; alreadyPaid: number };
  /** When the first page was charged (ms): its companies are free to see again for 24 hours. */
  paidAt: number;
}

/**
 * The company search as the page runs it: a first page for filters and a sort, then further pages
 * with the cursor. Every call may spend credits (one per company not paid for in the last 24
 * hours), so nothing here runs by itself. The rows shown change only when a search has answered
 * (and been paid for): a re-sort keeps the old order on screen until then.
 */
export function useCompanySearch() {
  const trpc = useTRPC();
  const refreshCredits = useRefreshCredits();
  const [shown, setShown] = useState<Shown | null>(null);
  const search = useMutation(trpc.companyDatabase.searchCompanies.mutationOptions());
  const more = useMutation(trpc.companyDatabase.searchCompanies.mutationOptions());

  function run(filters: TCompanyFilters, sort: CompanySort) {
    more.reset();
    search.mutate(
      { filters, sort, limit: PAGE_SIZE },
      {
        onSuccess: (answer) =>
          setShown({
            filters,
            sort,
            rows: answer.data,
            paging: answer.paging,
            spent: answer.creditsCharged,
            lastCharge: { what: "This search", charged: answer.creditsCharged, alreadyPaid: answer.credits.alreadyPaid },
            paidAt: Date.now(),
          }),
        onSettled: () => void refreshCredits(),
      },
    );
  }

  function loadMore() {
    if (!shown?.paging.nextCursor || more.isPending || search.isPending) return;
    const { filters, sort, paging } = shown;
    more.mutate(
      { filters, sort, limit: PAGE_SIZE, cursor: paging.nextCursor! },
      {
        onSuccess: (answer) =>
          setShown((current) =>
            current && current.paging.nextCursor === paging.nextCursor
              ? {
                  ...current,
                  rows: [...current.rows, ...answer.data.filter((row) => !current.rows.some((other) => other.id === row.id))],
                  paging: answer.paging,
                  spent: current.spent + answer.creditsCharged,
                  lastCharge: { what: "The page just loaded", charged: answer.creditsCharged, alreadyPaid: answer.credits.alreadyPaid },
                }
              : current,
          ),
        onSettled: () => void refreshCredits(),
      },
    );
  }

  return {
    shown,
    run,
    loadMore,
    searching: search.isPending,
    loadingMore: more.isPending,
    searchError: search.error,
    moreError: more.error,
    clear: () => {
      setShown(null);
      search.reset();
      more.reset();
    },
  };
}
