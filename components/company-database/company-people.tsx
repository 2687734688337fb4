"use client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { plural } from "@/components/ui/plural";
import type { TCompany, TPerson, TSearchPaging } from "@/server/schemas/company-database";
import { displayCase } from "@/server/domain/company-database/display-case";
import { displayValue } from "./company-filters";
import { formatTotal } from "./company-format";
import { SearchErrorAlert, youHave } from "./credit-notes";
import { PAGE_SIZE, useCreditBalance, useRefreshCredits } from "./use-company-search";

function place(person: TPerson): string {
  return [person.city, person.state, person.country].filter(Boolean).map((part) => displayValue(part!)).join(", ");
}

/**
 * The people of a company, loaded only when asked: a people search (one credit per person), its cost
 * said on the button first, then further pages the same way.
 */
export function CompanyPeople({ company }: { company: TCompany }) {
  const trpc = useTRPC();
  const balance = useCreditBalance();
  const refreshCredits = useRefreshCredits();
  const [people, setPeople] = useState<{ rows: TPerson[]; paging: TSearchPaging; spent: number } | null>(null);
  const search = useMutation(trpc.companyDatabase.searchPeople.mutationOptions());

  function load() {
    const cursor = people?.paging.nextCursor ?? undefined;
    search.mutate(
      { filters: { companyIds: [company.id] }, limit: PAGE_SIZE, cursor },
      {
        onSuccess: (answer) =>
          setPeople((current) => ({
            rows: cursor && current ? [...current.rows, ...answer.data] : answer.data,
            paging: answer.paging,
            spent: (cursor && current ? current.spent : 0) + answer.creditsCharged,
          })),
        onSettled: () => void refreshCredits(),
      },
    );
  }

  const remaining = people ? people.paging.totalCount - people.rows.length : null;
  const next = people && !people.paging.totalCountIsEstimate && remaining !== null ? Math.min(PAGE_SIZE, remaining) : PAGE_SIZE;
  return (
    <section aria-labelledby="company-people" className="space-y-3 border-t border-slate-200 pt-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="company-people" className="text-sm font-semibold text-slate-900">
          People
        </h3>
        {people && (
          <span className="text-xs text-slate-500" data-testid="people-count">
            {people.rows.length} of {formatTotal(people.paging.totalCount, people.paging.totalCountIsEstimate)} shown · {plural(people.spent, "credit")} spent
          </span>
        )}
      </div>
      {!people && (
        <div className="space-y-2">
          <p className="text-sm text-slate-500">Each person shown costs one AI credit.</p>
          <Button variant="secondary" onClick={load} disabled={search.isPending}>
            {search.isPending ? "Loading people…" : `Show people · up to ${PAGE_SIZE} credits${youHave(balance)}`}
          </Button>
        </div>
      )}
      <SearchErrorAlert error={search.error} what="Loading people" />
      {people && people.rows.length === 0 && <p className="text-sm text-slate-500">No people of this company are in the database.</p>}
      {people && people.rows.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200" aria-label={`People at ${company.name}`}>
          {people.rows.map((person) => (
            <li key={person.id} data-testid="person-row" className="px-3 py-2 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-x-2">
                <span className="font-medium text-slate-900">
                  {person.firstName} {person.lastName}
                </span>
                {person.seniority && <span className="text-xs text-slate-500">{displayValue(person.seniority)}</span>}
              </div>
              <div className="text-slate-600">{person.title ? displayCase(person.title) : (person.headline ?? "—")}</div>
              <div className="flex flex-wrap gap-x-3 text-xs text-slate-500">
                {place(person) && <span>{place(person)}</span>}
                {person.department && <span>{displayValue(person.department)}</span>}
                {person.linkedinUrl && (
                  <a href={person.linkedinUrl} target="_blank" rel="noreferrer noopener" className="text-brand-700 hover:underline">
                    LinkedIn
                  </a>
                )}
                {person.email && <span className="break-all">{person.email}</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
      {people?.paging.nextCursor && (
        <Button variant="secondary" size="sm" onClick={load} disabled={search.isPending}>
          {search.isPending ? "Loading…" : `Load ${next} more · ${people.paging.totalCountIsEstimate ? "up to " : ""}${plural(next, "credit")}${youHave(balance)}`}
        </Button>
      )}
    </section>
  );
}
