"use client";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { DialogActions } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import { ZLeadInput } from "@/server/schemas/lead";
import { summarize, type AddLeadsSummary } from "./add-leads-result";
import { useAddLeads, type AddLeadsTarget } from "./use-add-leads";

const FIELDS = [
  { name: "profileUrl", label: "LinkedIn profile URL", type: "url", placeholder: "https://www.linkedin.com/in/jane-doe" },
  { name: "email", label: "E-mail", type: "email", placeholder: "jane@example.com" },
  { name: "firstName", label: "First name", type: "text" },
  { name: "lastName", label: "Last name", type: "text" },
  { name: "company", label: "Company", type: "text" },
] as const;

/** One lead by hand, checked with the API's own lead schema before it is sent. */
export function OneLeadForm({ target, onDone, onCancel }: { target: AddLeadsTarget; onDone: (summary: AddLeadsSummary) => void; onCancel: () => void }) {
  const { add, refresh } = useAddLeads(target);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const raw = Object.fromEntries(FIELDS.flatMap((field) => {
      const value = String(data.get(field.name) ?? "").trim();
      return value ? [[field.name, value]] : [];
    }));
    const parsed = ZLeadInput.safeParse(raw);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "profileUrl");
        next[field] ??= field === "profileUrl" && issue.message === "needs profileUrl or email" ? "Give a LinkedIn profile URL or an e-mail address" : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const result = await add([parsed.data]);
      await refresh();
      onDone(summarize([{ result, lines: [null] }], 0));
    } catch (caught) {
      setFailure(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <div key={field.name} className={field.name === "profileUrl" ? "sm:col-span-2" : ""}>
            <Field label={field.label} htmlFor={`one-lead-${field.name}`} error={errors[field.name] ? `${field.label}: ${errors[field.name]}` : null}>
              <Input
                id={`one-lead-${field.name}`}
                name={field.name}
                type={field.type}
                placeholder={"placeholder" in field ? field.placeholder : undefined}
                aria-invalid={Boolean(errors[field.name])}
                aria-describedby={errors[field.name] ? `one-lead-${field.name}-error` : undefined}
              />
            </Field>
          </div>
        ))}
      </div>
      <p className="text-xs text-slate-500">A profile URL or an e-mail address is needed; names and company are used in messages.</p>
      <DialogActions onCancel={onCancel} label="Add lead" busyLabel="Adding…" busy={busy} />
    </form>
  );
}
