"use client";
import Link from "next/link";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { plural } from "@/components/ui/plural";
import { useNow } from "@/components/ui/use-now";
import type { TCompany } from "@/server/schemas/company-database";
import { AddPeopleDialog } from "./add-people-dialog";
import { CompanyDetail } from "./company-detail";
import { emptyDraft, readDraft } from "./company-filters";
import { CREDITS_SETTINGS_PATH, SearchErrorAlert, youHave } from "./credit-notes";
import { FilterSidebar } from "./filter-sidebar";
import { LoadMore } from "./load-more";
import { ResultsTable } from "./results-table";
import { ResultsToolbar, SortBanner } from "./results-toolbar";
import { searchCost } from "./search-cost";
import { DEFAULT_SORT, PAGE_SIZE, firstDirection, useCompanySearch, useCreditBalance, type CompanySort, type SortKey } from "./use-company-search";

/**
 * The Companies page: filters on the left (free to change), a search that spends one AI credit per
 * company shown that the workspace has not paid for in the last 24 hours, and runs only from its
 * button (its cost, "free" when it can only show companies already paid for, and the balance on
 * it), the results with
 * sorting, more pages on scroll, a company's details and people, and the selected companies' people
 * added to a campaign or lead list.
 */
export function CompaniesPage() {
  const balance = useCreditBalance();
  const search = useCompanySearch();
  const [draft, setDraft] = useState(emptyDraft);
  const reading = useMemo(() => readDraft(draft), [draft]);
  const [nextSort, setNextSort] = useState<CompanySort>(DEFAULT_SORT);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [open, setOpen] = useState<TCompany | null>(null);
  const [adding, setAdding] = useState(false);
  const [filtersOnPhone, setFiltersOnPhone] = useState(true);
  const shown = search.shown;
  const hasErrors = Object.keys(reading.errors).length > 0;
  const draftChanged = !shown || JSON.stringify(reading.filters) !== JSON.stringify(shown.filters);

  function runSearch(sort: CompanySort) {
    if (!reading.filters || hasErrors) return;
    setSelected(new Set());
    setFiltersOnPhone(false);
    search.run(reading.filters, sort);
  }

  function chooseSort(key: SortKey) {
    setNextSort((current) => (current.key === key ? { key, dir: current.dir === "asc" ? "desc" : "asc" } : { key, dir: firstDirection(key) }));
  }

  const rows = shown?.rows ?? [];
  const remaining = shown ? shown.paging.totalCount - rows.length : 0;
  const next = shown && !shown.paging.totalCountIsEstimate ? Math.max(1, Math.min(PAGE_SIZE, remaining)) : PAGE_SIZE;
  // "Up to": companies of the next page that the workspace paid for in the last 24 hours are free.
  const nextCost = `up to ${plural(next, "credit")}`;
  const sortPending = shown !== null && (nextSort.key !== shown.sort.key || nextSort.dir !== shown.sort.dir);
  // Ticks: the page may stay open past the 24 hours its companies are paid for.
  const renderedAt = useNow(60_000);
  const newSearchCost = reading.filters ? searchCost(shown, reading.filters, nextSort, PAGE_SIZE, renderedAt).words : `up to ${PAGE_SIZE} credits`;
  const sortCost = shown ? searchCost(shown, shown.filters, nextSort, PAGE_SIZE, renderedAt).words : "";

  const searchButton = (
    <div className="space-y-2">
      <Button className="w-full" disabled={!reading.filters || hasErrors || search.searching} onClick={() => runSearch(nextSort)}>
        {search.searching ? "Searching…" : `Search · ${newSearchCost}${youHave(balance)}`}
      </Button>
      <p className="text-xs text-slate-500">
        {!reading.filters
          ? "Choose at least one filter. Changing filters is free."
          : hasErrors
            ? "Fix the filters marked in red first."
            : `One AI credit per company shown, ${PAGE_SIZE} per page; companies already paid for in the last 24 hours and a search that finds nothing cost nothing.`}
      </p>
    </div>
  );

  return (
    <>
      <PageHeader
        title="Companies"
        description="Search the company database by industry, location, size, funding and more, then turn the people who work there into leads."
        actions={
          <Link href={CREDITS_SETTINGS_PATH} className="rounded-md px-3 py-2 text-sm text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50" data-testid="credit-balance">
            AI credits: <span className="font-semibold text-slate-900">{balance === null ? "…" : balance.toLocaleString("en")}</span>
          </Link>
        }
      />
      <div className="gap-6 lg:flex lg:items-start">
        <FilterSidebar
          draft={draft}
          reading={reading}
          onChange={setDraft}
          onClear={() => setDraft(emptyDraft())}
          footer={searchButton}
          openOnPhone={filtersOnPhone}
          onToggle={setFiltersOnPhone}
        />
        <section aria-label="Results" className="mt-4 min-w-0 flex-1 space-y-3 lg:mt-0">
          <SearchErrorAlert error={search.searchError} />
          {shown && draftChanged && reading.filters && !search.searching && (
            <p className="text-xs text-slate-500" role="status">
              The filters changed since this search: search again to apply them ({newSearchCost}).
            </p>
          )}
          {!shown ? (
            search.searching ? (
              <p className="text-sm text-slate-500" role="status">
                Searching…
              </p>
            ) : (
              <EmptyState title={reading.filters ? "Ready to search" : "Choose filters to find companies"}>
                {reading.filters
                  ? `Run the search from the filters: it shows ${PAGE_SIZE} companies at a time and costs one AI credit per company shown.`
                  : "Pick industries, countries, a headcount range or any other filter on the left. Choosing filters is free; the search spends one AI credit per company it shows."}
              </EmptyState>
            )
          ) : rows.length === 0 ? (
            <EmptyState title="No companies match these filters">Nothing was charged. Remove a filter or widen a range, then search again.</EmptyState>
          ) : (
            <>
              <ResultsToolbar
                shown={shown}
                selected={selected}
                onClearSelection={() => setSelected(new Set())}
                nextSort={nextSort}
                onSortChange={setNextSort}
                onAddPeople={() => setAdding(true)}
              />
              {sortPending && (
                <SortBanner sort={nextSort} cost={`${sortCost}${youHave(balance)}`} busy={search.searching} onRun={() => {
                    setSelected(new Set());
                    search.run(shown.filters, nextSort);
                  }} onCancel={() => setNextSort(shown.sort)} />
              )}
              <ResultsTable
                rows={rows}
                shownSort={shown.sort}
                pendingSort={nextSort}
                onSort={chooseSort}
                selected={selected}
                onSelect={(ids, on) =>
                  setSelected((current) => {
                    const updated = new Set(current);
                    for (const id of ids) {
                      if (on) updated.add(id);
                      else updated.delete(id);
                    }
                    return updated;
                  })
                }
                onOpen={setOpen}
              />
              <SearchErrorAlert error={search.moreError} what="Loading more" />
              {shown.paging.nextCursor ? (
                <LoadMore next={next} cost={nextCost} loading={search.loadingMore} onLoad={search.loadMore} balanceNote={youHave(balance)} />
              ) : (
                <p className="py-3 text-center text-xs text-slate-500">{rows.length === 1 ? "The one company found is shown." : `All ${rows.length} companies found are shown.`}</p>
              )}
            </>
          )}
        </section>
      </div>
      {open && <CompanyDetail company={open} onClose={() => setOpen(null)} />}
      {adding && <AddPeopleDialog companyIds={[...selected]} onClose={() => setAdding(false)} />}
    </>
  );
}
