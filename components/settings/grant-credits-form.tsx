"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { errorMessage, fieldErrors } from "@/components/ui/trpc-error";

/**
 * "Grant credits": for instance administrators only (the server checks; this form is shown to them
 * alone). Any workspace of the installation, this one first, with a reason the ledger keeps.
 */
export function GrantCreditsForm({ currentWorkspaceId }: { currentWorkspaceId: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const workspaces = useQuery(trpc.instance.workspaces.queryOptions());
  const [granted, setGranted] = useState<{ amount: number; workspace: string } | null>(null);
  const grant = useMutation(
    trpc.credits.grant.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.credits.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.instance.workspaces.queryKey() });
      },
    }),
  );
  const errors = fieldErrors(grant.error);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setGranted(null);
    const workspaceId = String(data.get("workspaceId") ?? "") || undefined;
    const amount = Number(data.get("amount"));
    const name = workspaces.data?.find((workspace) => workspace.id === workspaceId)?.name ?? "this workspace";
    grant.mutate(
      { workspaceId, amount, reason: String(data.get("reason") ?? "") },
      {
        onSuccess: () => {
          setGranted({ amount, workspace: name });
          form.reset();
        },
      },
    );
  }

  const others = (workspaces.data ?? []).filter((workspace) => workspace.id !== currentWorkspaceId);
  const current = workspaces.data?.find((workspace) => workspace.id === currentWorkspaceId);
  return (
    <form onSubmit={onSubmit} className="mb-6 flex flex-wrap items-end gap-3" aria-label="Grant AI credits">
      <p className="basis-full text-sm text-slate-600">As an instance administrator you can grant credits to any workspace of this installation. The ledger names you.</p>
      <div className="min-w-48">
        <Field label="Workspace" htmlFor="grant-workspace" error={errors.workspaceId}>
          <Select id="grant-workspace" name="workspaceId" defaultValue={currentWorkspaceId ?? ""}>
            {currentWorkspaceId && <option value={currentWorkspaceId}>{current ? `${current.name} (this workspace)` : "This workspace"}</option>}
            {others.map((workspace) => (
              <option key={workspace.id} value={workspace.id}>
                {workspace.name}
                {workspace.owners.length ? ` — ${workspace.owners.join(", ")}` : ""}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className="w-36">
        <Field label="Credits to grant" htmlFor="grant-amount" error={errors.amount}>
          <Input id="grant-amount" name="amount" type="number" min={1} max={1_000_000} step={1} required inputMode="numeric" />
        </Field>
      </div>
      <div className="min-w-48 flex-1">
        <Field label="Reason" htmlFor="grant-reason" error={errors.reason}>
          <Input id="grant-reason" name="reason" maxLength={200} required placeholder="e.g. Pilot for the sales team" />
        </Field>
      </div>
      <Button type="submit" disabled={grant.isPending}>
        {grant.isPending ? "Granting…" : "Grant credits"}
      </Button>
      <div className="basis-full" aria-live="polite">
        {grant.error && !Object.keys(errors).length && <Alert tone="error">{errorMessage(grant.error)}</Alert>}
        {granted && (
          <Alert tone="success">
            Granted {granted.amount.toLocaleString("en")} credits to {granted.workspace}.
          </Alert>
        )}
      </div>
    </form>
  );
}
