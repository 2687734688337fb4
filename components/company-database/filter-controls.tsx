"use client";
import { useId, type ReactNode } from "react";

const box =
  "block w-full min-w-0 rounded-md border-0 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 aria-invalid:ring-red-500";

/** A group of the sidebar, with its heading. */
export function FilterGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-3 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <legend className="float-left mb-3 w-full text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * A number range: "from" and "to" boxes, either may stay empty; what is wrong is said in words
 * right under them (and the boxes are marked invalid).
 */
export function RangeInput({
  label,
  unit,
  value,
  onChange,
  error,
  placeholders = ["Any", "Any"],
  type = "text",
}: {
  label: string;
  unit: string;
  value: { min: string; max: string };
  onChange: (value: { min: string; max: string }) => void;
  error?: string;
  placeholders?: [string, string];
  type?: "text" | "date";
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="space-y-1">
      <div id={`${id}-label`} className="flex items-baseline justify-between gap-2 text-sm font-medium text-slate-700">
        {label}
        <span className="text-xs font-normal text-slate-400">{unit}</span>
      </div>
      {/* Dates need more room than a narrow sidebar gives two of them side by side: one under the other. */}
      <div className={type === "date" ? "space-y-1" : "flex items-center gap-2"}>
        <input
          aria-label={`${label} from`}
          type={type}
          inputMode={type === "text" ? "decimal" : undefined}
          value={value.min}
          placeholder={placeholders[0]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange({ ...value, min: event.target.value })}
          className={box}
        />
        <span className={`text-xs text-slate-400 ${type === "date" ? "block" : ""}`} aria-hidden="true">
          to
        </span>
        <input
          aria-label={`${label} to`}
          type={type}
          inputMode={type === "text" ? "decimal" : undefined}
          value={value.max}
          placeholder={placeholders[1]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange({ ...value, max: event.target.value })}
          className={box}
        />
      </div>
      {error && (
        <p id={errorId} className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** One number box ("at least"), with its problem in words under it. */
export function MinimumInput({ label, value, onChange, error }: { label: string; value: string; onChange: (value: string) => void; error?: string }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        inputMode="numeric"
        value={value}
        placeholder="Any"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={box}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** Checkboxes for a closed set of values (headcount ranges, company types, round types). */
export function CheckboxSet<T extends string>({
  label,
  options,
  chosen,
  onChange,
  labelOf = (value) => value,
  columns = 2,
}: {
  label: string;
  options: readonly T[];
  chosen: T[];
  onChange: (chosen: T[]) => void;
  labelOf?: (value: T) => string;
  columns?: 1 | 2;
}) {
  return (
    <div role="group" aria-label={label} className="space-y-1.5">
      <div className="text-sm font-medium text-slate-700">{label}</div>
      <div className={`grid gap-x-3 gap-y-1 ${columns === 2 ? "grid-cols-2" : "grid-cols-1"}`}>
        {options.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm text-slate-700" title={labelOf(option)}>
            <input
              type="checkbox"
              checked={chosen.includes(option)}
              onChange={(event) => onChange(event.target.checked ? [...chosen, option] : chosen.filter((value) => value !== option))}
              className="size-4 shrink-0 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
            />
            <span className="min-w-0 truncate">{labelOf(option)}</span>
          </label>
        ))}
      </div>
    </div>
  );
}
