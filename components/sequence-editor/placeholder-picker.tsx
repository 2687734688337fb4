"use client";
// Buttons that insert a merge placeholder ({{firstName}}…) where the caret is in the copy field
// last focused. Custom variables come from the campaign's leads and from the copy itself.
import { LEAD_FIELDS } from "./fields";

export function PlaceholderPicker({ customVariables, onInsert }: { customVariables: readonly string[]; onInsert(name: string): void }) {
  const chip = "rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-brand-50 hover:text-brand-700 hover:ring-brand-100";
  return (
    <div role="group" aria-label="Insert a placeholder" className="space-y-1.5">
      <p className="text-xs font-medium text-slate-500">Insert a placeholder</p>
      <div className="flex flex-wrap gap-1.5">
        {LEAD_FIELDS.map((field) => (
          <button
            key={field.name}
            type="button"
            className={chip}
            title={`Insert {{${field.name}}}`}
            // Keep the caret in the copy field: insert where it was.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onInsert(field.name)}
          >
            {field.label}
          </button>
        ))}
        {customVariables.map((name) => (
          <button
            key={name}
            type="button"
            className={`${chip} font-mono`}
            title={`Insert the custom variable {{${name}}}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onInsert(name)}
          >
            {name}
          </button>
        ))}
      </div>
    </div>
  );
}
