"use client";
// An API key's budgets in Settings → API: what it used of its actions (writes) and AI credits, and,
// for admins and owners, a small form to change the limits or set the counts back to zero
// (docs/agent-approvals.md). A key whose budget is used up has its writes refused until then.
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TApiKey } from "@/server/schemas/api-key";

/** A budget field's value: a whole number, or null (no limit) when left empty. */
export function budgetInput(value: FormDataEntryValue | null): number | null {
  const text = String(value ?? "").trim();
  return text === "" ? null : Number(text);
}

function usage(used: number, limit: number | null, noun: string): string {
  return limit === null ? `${used.toLocaleString("en")} ${noun}` : `${used.toLocaleString("en")} of ${limit.toLocaleString("en")} ${noun}`;
}

export function ApiKeyBudget({ apiKey, editable, onSaved }: { apiKey: TApiKey; editable: boolean; onSaved: () => Promise<unknown> }) {
  const trpc = useTRPC();
  const [editing, setEditing] = useState(false);
  const update = useMutation(trpc.apiKeys.updateBudget.mutationOptions({ onSuccess: async () => { setEditing(false); await onSaved(); } }));
  const { budget } = apiKey;
  const spent = (budget.actions !== null && budget.actionsUsed >= budget.actions) || (budget.credits !== null && budget.creditsUsed >= budget.credits);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    update.mutate({ apiKeyId: apiKey.id, actionBudget: budgetInput(data.get("actionBudget")), creditBudget: budgetInput(data.get("creditBudget")) });
  }

  return (
    <div className="text-xs" data-testid="api-key-budget">
      <p className={spent ? "font-medium text-red-700" : "text-slate-600"}>
        {usage(budget.actionsUsed, budget.actions, "actions")} · {usage(budget.creditsUsed, budget.credits, "credits")}
        {spent && <span className="block">Used up: its writes are refused.</span>}
      </p>
      {editable && !editing && (
        <div className="mt-1 flex flex-wrap gap-2">
          <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => setEditing(true)}>
            Change budget
          </button>
          <button type="button" className="font-medium text-brand-700 hover:underline" disabled={update.isPending} onClick={() => update.mutate({ apiKeyId: apiKey.id, reset: true })}>
            Reset counts
          </button>
        </div>
      )}
      {editing && (
        <form onSubmit={onSubmit} className="mt-2 flex flex-wrap items-end gap-2">
          <label className="block">
            <span className="block text-slate-500">Actions</span>
            <Input name="actionBudget" type="number" min={0} inputMode="numeric" defaultValue={budget.actions ?? ""} placeholder="No limit" className="w-24 py-1 text-xs" />
          </label>
          <label className="block">
            <span className="block text-slate-500">AI credits</span>
            <Input name="creditBudget" type="number" min={0} inputMode="numeric" defaultValue={budget.credits ?? ""} placeholder="No limit" className="w-24 py-1 text-xs" />
          </label>
          <Button size="sm" type="submit" disabled={update.isPending}>
            Save
          </Button>
          <Button size="sm" variant="ghost" type="button" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      )}
      {update.error && (
        <p className="mt-1 text-red-600" role="alert">
          {errorMessage(update.error)}
        </p>
      )}
    </div>
  );
}
