"use client";
import { COMPANY_TYPES, HEADCOUNT_RANGES, ROUND_TYPES } from "@/server/schemas/company-database";
import { Button } from "@/components/ui/button";
import { CheckboxSet, FilterGroup, MinimumInput, RangeInput } from "./filter-controls";
import { RANGES, ROUND_LABELS, displayValue, type CompanyFilterDraft, type DraftReading, type ListField, type RangeId } from "./company-filters";
import { ValuePicker } from "./value-picker";

const HEADCOUNT_LABELS: Record<string, string> = { "10001+": "10,001+", "1001-5000": "1,001–5,000", "5001-10000": "5,001–10,000" };

/**
 * The company filters: what a user of Apollo or Sales Navigator expects to narrow by. Editing them
 * spends nothing; the search runs from its button only. On a phone the sidebar folds behind a
 * "Filters" button.
 */
export function FilterSidebar({
  draft,
  reading,
  onChange,
  onClear,
  footer,
  openOnPhone,
  onToggle,
}: {
  draft: CompanyFilterDraft;
  reading: DraftReading;
  onChange: (draft: CompanyFilterDraft) => void;
  onClear: () => void;
  footer: React.ReactNode;
  /** Below the desktop width the filters fold away (after a search, to show the results). */
  openOnPhone: boolean;
  onToggle: (open: boolean) => void;
}) {
  const set = (changes: Partial<CompanyFilterDraft>) => onChange({ ...draft, ...changes });
  const setList = (field: ListField) => (values: string[]) => set({ lists: { ...draft.lists, [field]: values } });
  const range = (id: RangeId) => {
    const spec = RANGES.find((candidate) => candidate.id === id)!;
    return (
      <RangeInput
        label={spec.label}
        unit={spec.unit}
        value={draft.ranges[id]}
        error={reading.errors[id]}
        placeholders={spec.kind === "usd" ? ["e.g. 1M", "Any"] : ["Any", "Any"]}
        onChange={(value) => set({ ranges: { ...draft.ranges, [id]: value } })}
      />
    );
  };
  return (
    <aside aria-label="Company filters" className="lg:w-72 lg:shrink-0">
      <div className="mb-3 flex items-center justify-between gap-2 lg:hidden">
        <Button variant="secondary" aria-expanded={openOnPhone} aria-controls="company-filters" onClick={() => onToggle(!openOnPhone)}>
          {openOnPhone ? "Hide filters" : `Filters${reading.count ? ` (${reading.count})` : ""}`}
        </Button>
      </div>
      <form
        id="company-filters"
        aria-label="Filters"
        onSubmit={(event) => event.preventDefault()}
        className={`${openOnPhone ? "block" : "hidden"} space-y-4 rounded-lg bg-white p-4 shadow-xs ring-1 ring-slate-200 lg:block`}
      >
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-sm font-semibold text-slate-900">Filters{reading.count ? ` (${reading.count})` : ""}</h2>
          {reading.count > 0 && (
            <button type="button" onClick={onClear} className="text-xs font-medium text-brand-700 hover:underline">
              Clear all
            </button>
          )}
        </div>
        <FilterGroup title="Company">
          <div className="space-y-1">
            <label htmlFor="company-keywords" className="block text-sm font-medium text-slate-700">
              Keywords
            </label>
            <input
              id="company-keywords"
              type="search"
              value={draft.keywords}
              maxLength={200}
              placeholder="In the name or description"
              onChange={(event) => set({ keywords: event.target.value })}
              onKeyDown={(event) => event.key === "Enter" && event.preventDefault()}
              className="block w-full rounded-md border-0 bg-white px-3 py-1.5 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500"
            />
            <p className="text-xs text-slate-500">All words must match; use &quot;an exact phrase&quot; or -word to exclude.</p>
          </div>
          <ValuePicker label="Industries" field="industry" values={draft.lists.industries} onChange={setList("industries")} />
          <CheckboxSet label="Company type" options={COMPANY_TYPES} chosen={draft.companyTypes} onChange={(companyTypes) => set({ companyTypes })} labelOf={displayValue} />
          <ValuePicker label="Technologies" field="technology" values={draft.lists.technologies} onChange={setList("technologies")} />
        </FilterGroup>
        <FilterGroup title="Headquarters">
          <ValuePicker label="Countries" field="country" values={draft.lists.countries} onChange={setList("countries")} />
          <ValuePicker label="Regions or states" values={draft.lists.regions} onChange={setList("regions")} placeholder="e.g. California, then Enter" />
          <ValuePicker label="Cities" values={draft.lists.cities} onChange={setList("cities")} placeholder="e.g. Berlin, then Enter" />
        </FilterGroup>
        <FilterGroup title="Size and growth">
          <CheckboxSet
            label="Employees (range)"
            options={HEADCOUNT_RANGES}
            chosen={draft.headcountRanges}
            onChange={(headcountRanges) => set({ headcountRanges })}
            labelOf={(value) => HEADCOUNT_LABELS[value] ?? value.replace("-", "–")}
          />
          {range("headcount")}
          {range("growth")}
          <MinimumInput label="Followers, at least" value={draft.minFollowers} error={reading.errors.minFollowers} onChange={(minFollowers) => set({ minFollowers })} />
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={draft.hiring}
              onChange={(event) => set({ hiring: event.target.checked })}
              className="size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
            />
            Hiring now (has open jobs)
          </label>
          {range("founded")}
        </FilterGroup>
        <FilterGroup title="Funding and revenue">
          <CheckboxSet label="Last round" options={ROUND_TYPES} chosen={draft.lastRoundTypes} onChange={(lastRoundTypes) => set({ lastRoundTypes })} labelOf={(value) => ROUND_LABELS[value]} />
          <RangeInput
            label="Last round date"
            unit="date"
            type="date"
            value={draft.lastRoundDate}
            error={reading.errors.lastRoundDate}
            onChange={(lastRoundDate) => set({ lastRoundDate })}
          />
          {range("lastRound")}
          {range("totalFunding")}
          <ValuePicker label="Investors" field="investor" values={draft.lists.investors} onChange={setList("investors")} />
          {range("revenue")}
        </FilterGroup>
        <div className="border-t border-slate-200 pt-4">{footer}</div>
      </form>
    </aside>
  );
}
