"use client";
// One copy field of a variant (note, message, subject…), with its limit, its problems, and how many
// versions its spintax makes.
import type { FocusEvent } from "react";
import { countVersions, VERSION_CAP } from "@/server/domain/sequence/spintax";
import { Field, Input } from "@/components/ui/field";
import type { CopyFieldSpec } from "./fields";
import type { StepIssue } from "./issues";

const textareaClass =
  "block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 aria-invalid:ring-red-500";

export function CopyField({
  id,
  spec,
  value,
  issues,
  onChange,
  onFocus,
}: {
  id: string;
  spec: CopyFieldSpec;
  value: string;
  issues: readonly StepIssue[];
  onChange(value: string): void;
  onFocus(element: HTMLInputElement | HTMLTextAreaElement): void;
}) {
  const error = issues.map((issue) => issue.message).join("; ") || null;
  const over = value.length > spec.max;
  const versions = error ? 1 : countVersions(value);
  const counterId = `${id}-counter`;
  const describedBy = [error ? `${id}-error` : null, spec.counter ? counterId : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    value,
    "aria-invalid": error || over ? true : undefined,
    "aria-describedby": describedBy,
    "aria-required": spec.required || undefined,
    onFocus: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => onFocus(event.currentTarget),
  };
  return (
    <Field label={spec.required ? spec.label : `${spec.label} (optional)`} htmlFor={id} error={error} hint={spec.hint}>
      {spec.multiline ? (
        <textarea
          {...common}
          rows={spec.code ? 10 : spec.max <= 300 ? 4 : 6}
          spellCheck={spec.code ? false : undefined}
          className={`${textareaClass} ${spec.code ? "font-mono text-xs" : ""}`}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <Input {...common} onChange={(event) => onChange(event.target.value)} />
      )}
      {versions > 1 && (
        <p className="text-xs text-slate-500" data-testid="copy-versions">
          {versions >= VERSION_CAP ? `${VERSION_CAP.toLocaleString("en")} versions or more` : `${versions.toLocaleString("en")} versions`}: each lead gets one, the same every time
        </p>
      )}
      {spec.counter && (
        <p id={counterId} className={`text-right text-xs tabular-nums ${over ? "font-medium text-red-600" : value.length > spec.max * 0.9 ? "text-amber-700" : "text-slate-500"}`} aria-live="polite">
          {value.length} / {spec.max} characters{over ? ` — ${value.length - spec.max} too many` : ""}
        </p>
      )}
    </Field>
  );
}
