"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { errorMessage, fieldErrors } from "@/components/ui/trpc-error";
import { KIND_LABELS, KIND_WORDS } from "@/server/domain/do-not-contact/words";

type Kind = keyof typeof KIND_LABELS;

const PLACEHOLDERS: Record<Kind, string> = {
  email: "jane@acme.com",
  domain: "acme.com",
  linkedin: "https://www.linkedin.com/in/jane-doe",
  company: "Acme Inc",
};

/** Adds one entry by hand ("Added by hand"); a value that is not of its kind is refused in words. */
export function AddEntryForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<Kind>("email");
  const [value, setValue] = useState("");
  const [outcome, setOutcome] = useState<string | null>(null);
  const add = useMutation(
    trpc.doNotContact.add.mutationOptions({
      onSuccess: async (result) => {
        setOutcome(result.added.length ? `${result.added[0]!.value} is on the list.` : `${result.alreadyListed[0]?.value ?? value} was already on the list.`);
        setValue("");
        await queryClient.invalidateQueries({ queryKey: trpc.doNotContact.list.pathKey() });
      },
    }),
  );
  const refusal = fieldErrors(add.error)["entries.0.value"];
  const submitted = add.variables?.entries[0];

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    add.mutate({ entries: [{ kind, value }] });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-label="Add to the do-not-contact list">
      <h3 className="text-sm font-semibold text-slate-900">Add by hand</h3>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="sm:w-44">
          <Field label="Kind" htmlFor="dnc-kind">
            <Select id="dnc-kind" value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
              {Object.entries(KIND_LABELS).map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <div className="flex-1">
          <Field
            label={KIND_LABELS[kind]}
            htmlFor="dnc-value"
            // The server's words, with the value first: "jane@" is not an e-mail address.
            error={refusal && submitted ? `"${submitted.value}" is not ${submitted.kind === "email" ? "an" : "a"} ${KIND_WORDS[submitted.kind]}.` : null}
            hint={kind === "domain" ? "Every address at this domain is left alone." : kind === "company" ? "Matched by the company name on the lead, case aside." : undefined}
          >
            <Input id="dnc-value" value={value} onChange={(event) => setValue(event.target.value)} placeholder={PLACEHOLDERS[kind]} required aria-invalid={Boolean(refusal)} />
          </Field>
        </div>
      </div>
      {add.error && !refusal && <Alert tone="error">{errorMessage(add.error)}</Alert>}
      {outcome && <Alert tone="success">{outcome}</Alert>}
      <Button type="submit" disabled={add.isPending || !value.trim()}>
        {add.isPending ? "Adding…" : "Add to the list"}
      </Button>
    </form>
  );
}
