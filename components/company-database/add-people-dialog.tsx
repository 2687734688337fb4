"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useAllLeadLists } from "@/components/lead-lists/use-all-lead-lists";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Select } from "@/components/ui/field";
import { PICKER_PAGE } from "@/components/ui/every-page";
import { plural } from "@/components/ui/plural";
import { SENIORITIES, type TPersonFilters } from "@/server/schemas/company-database";
import { displayValue } from "./company-filters";
import { SearchErrorAlert, youHave } from "./credit-notes";
import { CheckboxSet } from "./filter-controls";
import { useCreditBalance, useRefreshCredits } from "./use-company-search";
import { ValuePicker } from "./value-picker";

/** The most companies one request may add (the add-people input's cap). */
export const MAX_COMPANIES = 100;

type Seniority = (typeof SENIORITIES)[number];

/**
 * "Add people to…": every person of the chosen companies (optionally only some seniorities or
 * departments) becomes a lead of a campaign or a lead list. Each person added costs one AI credit,
 * which the dialog says before the click; the answer says how many were added and skipped and what
 * it cost.
 */
export function AddPeopleDialog({ companyIds, onClose }: { companyIds: number[]; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const balance = useCreditBalance();
  const refreshCredits = useRefreshCredits();
  const [kind, setKind] = useState<"campaign" | "list">("campaign");
  const [targetId, setTargetId] = useState("");
  const [seniorities, setSeniorities] = useState<Seniority[]>([]);
  const [departments, setDepartments] = useState<string[]>([]);
  const campaigns = useQuery(trpc.campaigns.list.queryOptions({ limit: PICKER_PAGE, offset: 0, filter: { archived: false } }));
  const lists = useAllLeadLists();
  const add = useMutation(trpc.companyDatabase.addPeople.mutationOptions());
  const targets = kind === "campaign" ? (campaigns.data?.campaigns ?? []) : (lists.data?.lists ?? []);
  const chosen = targets.find((target) => target.id === targetId) ?? null;
  const tooMany = companyIds.length > MAX_COMPANIES;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || tooMany) return;
    const personFilters: Partial<TPersonFilters> = {};
    if (seniorities.length) personFilters.seniorities = seniorities;
    if (departments.length) personFilters.departments = departments;
    add.mutate(
      {
        companyIds,
        personFilters: Object.keys(personFilters).length ? (personFilters as TPersonFilters) : undefined,
        target: kind === "campaign" ? { campaignId: chosen.id } : { listId: chosen.id },
      },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: kind === "campaign" ? trpc.campaigns.leads.queryKey() : trpc.leadLists.leads.queryKey() });
          void queryClient.invalidateQueries({ queryKey: kind === "campaign" ? trpc.campaigns.list.queryKey() : trpc.leadLists.list.queryKey() });
        },
        onSettled: () => void refreshCredits(),
      },
    );
  }

  const result = add.data;
  const companies = plural(companyIds.length, "company", "companies");
  return (
    <Dialog title="Add people to…" description={`The people of ${companies} become leads.`} onClose={onClose}>
      {result && chosen ? (
        <div className="space-y-4" data-testid="add-people-result" aria-live="polite">
          <Alert tone={result.added ? "success" : "info"}>
            {plural(result.added, "person", "people")} added to {chosen.name}
            {result.skipped ? `; ${result.skipped} already there or kept out by its exclusions (not charged)` : ""}
            {result.unreachable ? `; ${result.unreachable} without a LinkedIn profile or e-mail address left out` : ""}.{" "}
            {plural(result.charged, "credit")} spent; {result.balance.toLocaleString("en")} left.
          </Alert>
          <div className="flex justify-end gap-2">
            <Link
              href={kind === "campaign" ? `/campaigns/${chosen.id}` : "/campaigns/lists"}
              className="inline-flex items-center rounded-md bg-white px-3.5 py-2 text-sm font-medium text-slate-800 shadow-xs ring-1 ring-slate-300 hover:bg-slate-50"
            >
              Open {kind === "campaign" ? "the campaign" : "lead lists"}
            </Link>
            <button type="button" onClick={onClose} className="rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">
              Done
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4" aria-label="Add people">
          <div role="radiogroup" aria-label="Add to" className="flex gap-4 text-sm">
            {(["campaign", "list"] as const).map((option) => (
              <label key={option} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="target-kind"
                  checked={kind === option}
                  onChange={() => {
                    setKind(option);
                    setTargetId("");
                  }}
                />
                {option === "campaign" ? "A campaign" : "A lead list"}
              </label>
            ))}
          </div>
          <Field label={kind === "campaign" ? "Campaign" : "Lead list"} htmlFor="add-people-target">
            <Select id="add-people-target" value={targetId} onChange={(event) => setTargetId(event.target.value)} required>
              <option value="">{(kind === "campaign" ? campaigns.isPending : lists.isPending) ? "Loading…" : targets.length ? "Choose…" : kind === "campaign" ? "No campaigns yet" : "No lead lists yet"}</option>
              {targets.map((target) => (
                <option key={target.id} value={target.id}>
                  {target.name}
                </option>
              ))}
            </Select>
          </Field>
          <details className="rounded-md bg-slate-50 px-3 py-2 text-sm">
            <summary className="cursor-pointer font-medium text-slate-700">Only some people (optional)</summary>
            <div className="mt-3 space-y-3">
              <CheckboxSet label="Seniority" options={SENIORITIES} chosen={seniorities} onChange={setSeniorities} labelOf={displayValue} />
              <ValuePicker label="Departments" type="people" field="department" values={departments} onChange={setDepartments} />
            </div>
          </details>
          {tooMany ? (
            <Alert tone="warning">Choose at most {MAX_COMPANIES} companies at a time; {companies} are selected.</Alert>
          ) : (
            <p className="text-sm text-slate-600" data-testid="add-people-cost">
              Adds every person of {companies} in the database{seniorities.length || departments.length ? " who match the choices above" : ""}, 1 credit per
              person added{youHave(balance)}. People the {kind === "campaign" ? "campaign" : "list"} already has are skipped and not charged; at most
              1,000 people at a time.
            </p>
          )}
          <SearchErrorAlert error={add.error} what="Adding people" />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={add.isPending || !chosen || tooMany}>
              {add.isPending ? "Adding…" : "Add people"}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
