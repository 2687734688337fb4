"use client";
import type { TCompany } from "@/server/schemas/company-database";
import { displayValue } from "./company-filters";
import { formatCount, formatGrowth, formatUsd, roundLabel, websiteOf } from "./company-format";
import type { CompanySort, SortKey } from "./use-company-search";

const COLUMNS: Array<{ label: string; sort?: SortKey; align?: "right" }> = [
  { label: "Company", sort: "name" },
  { label: "Industry" },
  { label: "Headquarters" },
  { label: "Employees", sort: "headcount", align: "right" },
  { label: "Growth", sort: "headcountGrowth12m", align: "right" },
  { label: "Founded", sort: "yearFounded", align: "right" },
  { label: "Funding", sort: "lastRoundDate" },
];

function SortIcon({ dir }: { dir: "asc" | "desc" | null }) {
  return (
    <svg viewBox="0 0 12 12" className={`size-3 ${dir ? "text-brand-700" : "text-slate-300"}`} fill="currentColor" aria-hidden="true">
      {dir !== "desc" && <path d="M6 2 9 5H3z" />}
      {dir !== "asc" && <path d="M6 10 3 7h6z" />}
    </svg>
  );
}

/**
 * The companies found: one row each with its key facts; the sortable headers choose the next
 * search's order (a sort is a new search, so the page asks before spending), the checkboxes choose
 * companies for "Add people" and the export, and a company's name opens its details.
 */
export function ResultsTable({
  rows,
  shownSort,
  pendingSort,
  onSort,
  selected,
  onSelect,
  onOpen,
}: {
  rows: TCompany[];
  shownSort: CompanySort;
  pendingSort: CompanySort;
  onSort: (key: SortKey) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], on: boolean) => void;
  onOpen: (company: TCompany) => void;
}) {
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-xs ring-1 ring-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Companies found, {rows.length} loaded</caption>
        <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
          <tr>
            <th scope="col" className="w-10 py-2.5 pl-4">
              <input
                type="checkbox"
                aria-label="Select all loaded companies"
                checked={allSelected}
                onChange={(event) => onSelect(rows.map((row) => row.id), event.target.checked)}
                className="size-4 rounded border-slate-300 text-brand-600"
              />
            </th>
            {COLUMNS.map((column) => {
              // The arrow is the order the rows are in: a sort chosen but not yet run (nor paid for) is
              // only marked as chosen, so the header never says "sorted" before the rows are.
              const shown = column.sort && shownSort.key === column.sort ? shownSort.dir : null;
              const chosen = column.sort && pendingSort.key === column.sort && (pendingSort.key !== shownSort.key || pendingSort.dir !== shownSort.dir);
              return (
                <th
                  key={column.label}
                  scope="col"
                  aria-sort={shown === "asc" ? "ascending" : shown === "desc" ? "descending" : undefined}
                  className={`px-2 py-2.5 font-medium whitespace-nowrap ${column.align === "right" ? "text-right" : ""}`}
                >
                  {column.sort ? (
                    <button
                      type="button"
                      onClick={() => onSort(column.sort!)}
                      title="Sorting runs the search again (companies already paid for are free; you confirm first)"
                      aria-pressed={chosen ? true : undefined}
                      className={`inline-flex items-center gap-1 uppercase hover:text-slate-800 ${chosen ? "text-brand-700 underline decoration-dotted underline-offset-4" : ""}`}
                    >
                      {column.label}
                      <SortIcon dir={shown} />
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((company) => {
            const website = websiteOf(company);
            return (
              <tr key={company.id} data-testid="company-row" className={selected.has(company.id) ? "bg-brand-50/40" : undefined}>
                <td className="py-2.5 pl-4 align-top">
                  <input
                    type="checkbox"
                    aria-label={`Select ${company.name}`}
                    checked={selected.has(company.id)}
                    onChange={(event) => onSelect([company.id], event.target.checked)}
                    className="size-4 rounded border-slate-300 text-brand-600"
                  />
                </td>
                <td className="min-w-36 px-2 py-2.5 align-top">
                  <button type="button" onClick={() => onOpen(company)} className="text-left font-medium text-slate-900 hover:text-brand-700 hover:underline">
                    {company.name}
                  </button>
                  {website && (
                    <a href={website} target="_blank" rel="noreferrer noopener" className="block text-xs wrap-anywhere text-slate-500 hover:underline">
                      {company.domain ?? website.replace(/^https?:\/\//, "")}
                    </a>
                  )}
                </td>
                <td className="min-w-28 px-2 py-2.5 align-top text-slate-700">
                  {company.industry ? displayValue(company.industry) : "—"}
                  {company.matchedIndustry && company.matchedIndustry !== company.industry && (
                    <span className="block text-xs text-slate-500" data-testid="matched-industry">
                      Matched as {displayValue(company.matchedIndustry)}
                    </span>
                  )}
                </td>
                <td className="min-w-28 px-2 py-2.5 align-top text-slate-700">{company.headquarters ? displayValue(company.headquarters) : "—"}</td>
                <td className="px-2 py-2.5 text-right align-top whitespace-nowrap tabular-nums">
                  <span className="text-slate-900">{formatCount(company.headcount)}</span>
                  {company.headcountRange && <span className="block text-xs text-slate-500">{company.headcountRange}</span>}
                </td>
                <td className={`px-2 py-2.5 text-right align-top tabular-nums ${(company.headcountGrowth12m ?? 0) < 0 ? "text-red-700" : "text-emerald-700"}`}>
                  {formatGrowth(company.headcountGrowth12m)}
                </td>
                <td className="px-2 py-2.5 text-right align-top text-slate-700 tabular-nums">{company.yearFounded ?? "—"}</td>
                <td className="min-w-28 px-2 py-2.5 align-top text-slate-700">
                  {company.funding.lastRoundType || company.funding.totalUsd ? (
                    <>
                      <span>{roundLabel(company.funding.lastRoundType)}</span>
                      {company.funding.lastRoundDate && <span className="text-xs text-slate-500"> · {company.funding.lastRoundDate}</span>}
                      {company.funding.totalUsd !== null && <span className="block text-xs text-slate-500">{formatUsd(company.funding.totalUsd)} in all</span>}
                    </>
                  ) : (
                    <span className="text-slate-400">No funding known</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
