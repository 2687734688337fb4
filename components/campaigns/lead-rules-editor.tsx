"use client";
import Link from "next/link";
import { Field, Select } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import { firstErrorUnder } from "./field-errors";
import type { LeadRules } from "./settings-draft";
import { SettingsSection } from "./settings-section";
import { useAllLeadLists } from "@/components/lead-lists/use-all-lead-lists";
import { plural } from "@/components/ui/plural";

type Flag = "excludeOtherCampaigns" | "excludeSameSenderOtherCampaigns" | "excludeOtherSenders";

const FLAGS: Array<{ flag: Flag; label: string; hint: string }> = [
  {
    flag: "excludeOtherCampaigns",
    label: "Wait while another campaign works on the lead",
    hint: "A lead that is running in another campaign waits here until that campaign is done with it.",
  },
  {
    flag: "excludeSameSenderOtherCampaigns",
    label: "Wait while the same sender works on the lead in another campaign",
    hint: "Only holds a lead when its sender here is the one contacting it elsewhere.",
  },
  {
    flag: "excludeOtherSenders",
    label: "Skip leads a sender outside this pool already contacted",
    hint: "Checked when leads are added: such leads are skipped with the reason shown in the import.",
  },
];

/** The campaign's lead list, its exclusion lists and its exclusion rules (controlled; `errors` keyed like campaigns.update's). */
export function LeadRulesEditor({ rules, onChange, errors }: { rules: LeadRules; onChange: (rules: LeadRules) => void; errors: Record<string, string> }) {
  const lists = useAllLeadLists();
  const listError = errors.listId;
  const excludeError = firstErrorUnder(errors, "excludeListIds");
  const set = (change: Partial<LeadRules>) => onChange({ ...rules, ...change });
  const available = lists.data?.lists ?? [];

  return (
    <SettingsSection
      title="Leads and exclusions"
      description={
        <>
          Where leads come from and who is kept out.{" "}
          <Link href="/campaigns/lists" className="text-brand-700 hover:underline">
            Manage lead lists
          </Link>
        </>
      }
    >
      <div className="space-y-5">
        <Field
          label="Lead list"
          htmlFor="campaign-list"
          error={listError}
          hint="The list's leads join the campaign, and so do leads added to the list later."
        >
          <Select
            id="campaign-list"
            value={rules.listId ?? ""}
            disabled={lists.isPending}
            onChange={(event) => set({ listId: event.target.value || null })}
            aria-invalid={Boolean(listError)}
          >
            <option value="">No list: leads are added to the campaign directly</option>
            {available.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name} ({plural(list.leadCount, "lead")})
              </option>
            ))}
          </Select>
        </Field>

        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Exclusion lists</legend>
          <p className="text-xs text-slate-500">Leads on these lists are skipped when added.</p>
          {lists.isPending ? (
            <p className="mt-2 text-sm text-slate-500">Loading lists…</p>
          ) : lists.isError ? (
            <p className="mt-2 text-sm text-red-700">Lists could not be loaded: {errorMessage(lists.error)}</p>
          ) : !available.length ? (
            <p className="mt-2 text-sm text-slate-500">No lead lists in this workspace yet.</p>
          ) : (
            <ul className="mt-2 grid gap-1.5 sm:grid-cols-2">
              {available.map((list) => (
                <li key={list.id}>
                  <label className="flex items-center gap-2 text-sm text-slate-700">
                    <input
                      type="checkbox"
                      checked={rules.excludeListIds.includes(list.id)}
                      disabled={rules.listId === list.id}
                      onChange={(event) =>
                        set({ excludeListIds: event.target.checked ? [...rules.excludeListIds, list.id] : rules.excludeListIds.filter((id) => id !== list.id) })
                      }
                      className="size-4 rounded border-slate-300"
                    />
                    {list.name} <span className="text-xs text-slate-400">({list.leadCount})</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          {excludeError && (
            <p role="alert" className="mt-1 text-xs text-red-600">
              {excludeError}
            </p>
          )}
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-700">Rules</legend>
          {FLAGS.map(({ flag, label, hint }) => (
            <label key={flag} className="flex items-start gap-3 text-sm">
              <input type="checkbox" checked={rules[flag]} onChange={(event) => set({ [flag]: event.target.checked })} className="mt-0.5 size-4 rounded border-slate-300" />
              <span>
                <span className="text-slate-800">{label}</span>
                <span className="block text-xs text-slate-500">{hint}</span>
              </span>
            </label>
          ))}
        </fieldset>

      </div>
    </SettingsSection>
  );
}
