"use client";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { useUpdateWorkspaceSettings } from "./use-update-workspace-settings";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/field";
import { errorMessage, fieldErrors } from "@/components/ui/trpc-error";

const MAX_OUTCOMES = 10;

/** The list being edited, from the workspace's; after a save, the list as saved (trimmed, blanks left out). */
function OutcomeNamesForm({ saved, canEdit }: { saved: string[]; canEdit: boolean }) {
  const [names, setNames] = useState(saved);
  const { update, done, setDone } = useUpdateWorkspaceSettings((workspace) => setNames(workspace.settings.outcomeNames));
  const errors = fieldErrors(update.error);
  const problem = errors.outcomeNames ?? Object.entries(errors).find(([field]) => field.startsWith("outcomeNames"))?.[1];
  const edit = (next: string[]) => {
    setDone(false);
    setNames(next);
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate({ outcomeNames: names.map((name) => name.trim()).filter(Boolean) });
  }

  return (
    <form onSubmit={onSubmit} className="max-w-lg space-y-3" aria-label="Outcomes">
      {done && <Alert tone="success">Outcomes saved.</Alert>}
      {update.error && (
        <Alert tone="error">{problem ? `The outcomes were not saved: they ${problem}.` : errorMessage(update.error)}</Alert>
      )}
      <ul className="space-y-2">
        {names.map((name, index) => (
          <li key={index} className="flex gap-2">
            <Input
              aria-label={`Outcome ${index + 1}`}
              value={name}
              maxLength={40}
              disabled={!canEdit}
              onChange={(event) => edit(names.map((old, at) => (at === index ? event.target.value : old)))}
            />
            {canEdit && (
              <Button variant="ghost" aria-label={`Remove outcome ${index + 1}`} disabled={names.length <= 1} onClick={() => edit(names.filter((_, at) => at !== index))}>
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
      {canEdit ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={names.length >= MAX_OUTCOMES} onClick={() => edit([...names, ""])}>
            Add an outcome
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? "Saving…" : "Save outcomes"}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-500">Only admins and owners can change the outcomes.</p>
      )}
    </form>
  );
}

/** The outcomes people may mark on a lead (in the Inbox and on the lead's page), counted in Analytics. */
export function OutcomeNamesSettings() {
  const trpc = useTRPC();
  const current = useQuery(trpc.workspace.current.queryOptions());
  const description = `What a lead may come to, marked by hand in the Inbox or on the lead's page and counted as Outcomes in Analytics. Up to ${MAX_OUTCOMES}; removing one leaves the leads already marked with it as they are.`;
  if (current.isPending) return <Card title="Outcomes">Loading…</Card>;
  if (current.error) return <Alert tone="error">{errorMessage(current.error)}</Alert>;
  const { workspace, role } = current.data;
  const saved = workspace.settings.outcomeNames;
  return (
    <Card title="Outcomes" description={description}>
      <OutcomeNamesForm saved={saved} canEdit={role === "owner" || role === "admin"} />
    </Card>
  );
}
