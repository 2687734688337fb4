"use client";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import { plural } from "@/components/ui/plural";
import { COMPANY_SORT_KEYS } from "@/server/schemas/company-database";
import { companiesToCsv, formatTotal } from "./company-format";
import { chargedWords } from "./search-cost";
import { firstDirection, type CompanySort, type Shown, type SortKey } from "./use-company-search";
import { downloadFile } from "@/components/ui/download-file";

export const SORT_LABELS: Record<SortKey, string> = {
  relevance: "Relevance",
  name: "Name",
  headcount: "Employees",
  headcountGrowth12m: "Growth",
  followers: "Followers",
  yearFounded: "Founded",
  lastRoundDate: "Last round date",
};

/** "Employees, most first": the sort in words. */
export function sortWords(sort: CompanySort): string {
  if (sort.key === "relevance") return "relevance";
  if (sort.key === "name") return `name, ${sort.dir === "asc" ? "A to Z" : "Z to A"}`;
  if (sort.key === "yearFounded" || sort.key === "lastRoundDate") return `${SORT_LABELS[sort.key].toLowerCase()}, ${sort.dir === "desc" ? "newest first" : "oldest first"}`;
  return `${SORT_LABELS[sort.key].toLowerCase()}, ${sort.dir === "desc" ? "most first" : "fewest first"}`;
}

/** Above the results: how many match, what the search cost, the sort, and what to do with a selection. */
export function ResultsToolbar({
  shown,
  selected,
  onClearSelection,
  nextSort,
  onSortChange,
  onAddPeople,
}: {
  shown: Shown;
  selected: ReadonlySet<number>;
  onClearSelection: () => void;
  nextSort: CompanySort;
  onSortChange: (sort: CompanySort) => void;
  onAddPeople: () => void;
}) {
  const id = useId();
  const { rows, paging } = shown;
  const chosen = rows.filter((row) => selected.has(row.id));
  const exportRows = chosen.length ? chosen : rows;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-sm text-slate-700" data-testid="results-summary" aria-live="polite">
          <span className="font-semibold text-slate-900">{formatTotal(paging.totalCount, paging.totalCountIsEstimate)}</span>{" "}
          {paging.totalCount === 1 ? "company matches" : "companies match"} · {rows.length} shown · {plural(shown.spent, "credit")} spent
          <span className="block text-xs text-slate-500" data-testid="last-charge">
            {shown.lastCharge.what}: {chargedWords(shown.lastCharge.charged, shown.lastCharge.alreadyPaid)}.
          </span>
        </p>
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor={`${id}-sort`} className="text-slate-600">
            Sort by
          </label>
          <Select
            id={`${id}-sort`}
            className="w-auto py-1.5"
            value={nextSort.key}
            onChange={(event) => {
              const key = event.target.value as SortKey;
              onSortChange({ key, dir: firstDirection(key) });
            }}
          >
            {COMPANY_SORT_KEYS.map((key) => (
              <option key={key} value={key}>
                {SORT_LABELS[key]}
              </option>
            ))}
          </Select>
          {nextSort.key !== "relevance" && (
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Order: ${nextSort.dir === "asc" ? "ascending" : "descending"}; change`}
              onClick={() => onSortChange({ ...nextSort, dir: nextSort.dir === "asc" ? "desc" : "asc" })}
            >
              {nextSort.dir === "asc" ? "↑ Ascending" : "↓ Descending"}
            </Button>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 rounded-md bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200">
        <span className="text-slate-700" data-testid="selection-count">
          {chosen.length ? `${plural(chosen.length, "company", "companies")} selected` : "Select companies to add their people"}
        </span>
        {chosen.length > 0 && (
          <button type="button" onClick={onClearSelection} className="text-xs text-brand-700 hover:underline">
            Clear
          </button>
        )}
        <div className="ml-auto flex flex-wrap gap-2">
          <Button size="sm" disabled={!chosen.length} onClick={onAddPeople}>
            Add people to…
          </Button>
          <Button
            size="sm"
            variant="secondary"
            title="Made in your browser from the rows already loaded: costs nothing"
            onClick={() => downloadFile(`companies-${new Date().toISOString().slice(0, 10)}.csv`, companiesToCsv(exportRows))}
          >
            Export {chosen.length ? "selected" : `all ${rows.length}`} to CSV
          </Button>
        </div>
      </div>
    </div>
  );
}

/**
 * A sort was chosen: it runs the search again, which may cost credits, so it asks first. The rows
 * (and the table's headers) keep the order they are in until the sorted search has answered.
 */
export function SortBanner({ sort, cost, busy, onRun, onCancel }: { sort: CompanySort; cost: string; busy: boolean; onRun: () => void; onCancel: () => void }) {
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-800 ring-1 ring-brand-100">
      <span>
        {busy ? `Sorting by ${sortWords(sort)}…` : `Sorting by ${sortWords(sort)} runs the search again from the first page; companies already paid for in the last 24 hours cost nothing.`}
      </span>
      <div className="ml-auto flex gap-2">
        <Button size="sm" variant="ghost" disabled={busy} onClick={onCancel}>
          Keep this order
        </Button>
        <Button size="sm" disabled={busy} onClick={onRun}>
          {busy ? "Sorting…" : `Sort · ${cost}`}
        </Button>
      </div>
    </div>
  );
}
