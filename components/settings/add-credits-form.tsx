"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { errorMessage, fieldErrors } from "@/components/ui/trpc-error";

/**
 * Adds AI credits to the workspace (owners and admins: those who may manage billing). A
 * self-hosted installation has no store: the team decides what its credits stand for.
 */
export function AddCreditsForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [added, setAdded] = useState<number | null>(null);
  const grant = useMutation(
    trpc.credits.grant.mutationOptions({
      onSuccess: async (entry) => {
        setAdded(entry.amount);
        await queryClient.invalidateQueries({ queryKey: trpc.credits.ledger.queryKey() });
      },
    }),
  );
  const errors = fieldErrors(grant.error);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setAdded(null);
    const reference = String(data.get("reference") ?? "").trim();
    grant.mutate(
      { amount: Number(data.get("amount")), reference: reference || undefined },
      { onSuccess: () => form.reset() },
    );
  }

  return (
    <form onSubmit={onSubmit} className="mb-6 flex flex-wrap items-end gap-3" aria-label="Add AI credits">
      <div className="w-36">
        <Field label="Credits to add" htmlFor="credit-amount" error={errors.amount}>
          <Input id="credit-amount" name="amount" type="number" min={1} max={1_000_000} step={1} required inputMode="numeric" />
        </Field>
      </div>
      <div className="min-w-48 flex-1">
        <Field label="Note (optional)" htmlFor="credit-reference" error={errors.reference}>
          <Input id="credit-reference" name="reference" maxLength={200} placeholder="e.g. November top-up" />
        </Field>
      </div>
      <Button type="submit" disabled={grant.isPending}>
        {grant.isPending ? "Adding…" : "Add credits"}
      </Button>
      <div className="basis-full" aria-live="polite">
        {grant.error && !Object.keys(errors).length && <Alert tone="error">{errorMessage(grant.error)}</Alert>}
        {added !== null && <Alert tone="success">Added {added.toLocaleString("en")} credits.</Alert>}
      </div>
    </form>
  );
}
