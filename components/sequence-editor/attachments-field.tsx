"use client";
// Files Herald fetches and attaches: a name and an http(s) URL each, at most five.
import type { TVariantContent } from "@/server/schemas/sequence";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import type { StepIssue } from "./issues";

type Attachment = NonNullable<TVariantContent["attachments"]>[number];
const MAX_ATTACHMENTS = 5;

export function AttachmentsField({
  id,
  attachments,
  issues,
  onChange,
}: {
  id: string;
  attachments: readonly Attachment[];
  /** Issues of this variant's attachments (`…attachments` and `…attachments.<n>.<field>`). */
  issues: readonly StepIssue[];
  onChange(attachments: Attachment[]): void;
}) {
  const problem = (index: number, field: "name" | "url") =>
    issues
      .filter((issue) => issue.field.endsWith(`attachments.${index}.${field}`))
      .map((issue) => issue.message)
      .join("; ") || null;
  const general = issues.filter((issue) => issue.field.endsWith("attachments"));
  const change = (index: number, patch: Partial<Attachment>) => onChange(attachments.map((item, position) => (position === index ? { ...item, ...patch } : item)));

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Attachments (optional)</legend>
      {attachments.length === 0 && <p className="text-xs text-slate-500">No attachments. Herald fetches each file from its URL when it sends.</p>}
      {attachments.map((attachment, index) => {
        const nameError = problem(index, "name");
        const urlError = problem(index, "url");
        return (
          <div key={index} className="space-y-1 rounded-md bg-slate-50 p-2 ring-1 ring-slate-200" data-testid="attachment-row">
            <div className="flex gap-2">
              <Input
                aria-label={`Attachment ${index + 1} name`}
                placeholder="Name, e.g. Case study.pdf"
                value={attachment.name}
                aria-invalid={nameError ? true : undefined}
                onChange={(event) => change(index, { name: event.target.value })}
              />
              <Button variant="ghost" size="sm" aria-label={`Remove attachment ${index + 1}`} onClick={() => onChange(attachments.filter((_item, position) => position !== index))}>
                Remove
              </Button>
            </div>
            <Input
              id={`${id}-${index}-url`}
              aria-label={`Attachment ${index + 1} URL`}
              type="url"
              placeholder="https://…"
              value={attachment.url}
              aria-invalid={urlError ? true : undefined}
              onChange={(event) => change(index, { url: event.target.value })}
            />
            {(nameError || urlError) && (
              <p className="text-xs text-red-600" role="alert">
                {[nameError && `Name ${nameError}`, urlError && `URL ${urlError}`].filter(Boolean).join("; ")}
              </p>
            )}
          </div>
        );
      })}
      {general.map((issue) => (
        <p key={issue.field + issue.message} className="text-xs text-red-600" role="alert">
          {issue.message}
        </p>
      ))}
      {attachments.length < MAX_ATTACHMENTS && (
        <Button variant="secondary" size="sm" onClick={() => onChange([...attachments, { name: "", url: "" }])}>
          Add attachment
        </Button>
      )}
    </fieldset>
  );
}
