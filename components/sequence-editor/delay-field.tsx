"use client";
// A delay in hours, entered in hours or days. Empty means the default, shown as the placeholder.
import { useState } from "react";
import { Field, Input, Select } from "@/components/ui/field";
import { formatHours } from "./timing";

const MAX_HOURS = 8760;

export function DelayField({
  id,
  label,
  hours,
  defaultHours,
  hint,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hours: number | undefined;
  defaultHours: number;
  hint?: string;
  error?: string | null;
  onChange(hours: number | undefined): void;
}) {
  const [unit, setUnit] = useState<"hours" | "days">(() => {
    const shown = hours ?? defaultHours;
    return shown > 0 && shown % 24 === 0 ? "days" : "hours";
  });
  const factor = unit === "days" ? 24 : 1;
  const amount = hours === undefined ? "" : String(Math.round((hours / factor) * 100) / 100);

  return (
    <Field label={label} htmlFor={id} error={error} hint={hint ?? `Default: ${formatHours(defaultHours)}.`}>
      <div className="flex gap-2">
        <Input
          className="min-w-0 flex-1"
          id={id}
          type="number"
          inputMode="decimal"
          min={0}
          max={MAX_HOURS / factor}
          step={unit === "days" ? 0.5 : 1}
          value={amount}
          placeholder={String(Math.round((defaultHours / factor) * 100) / 100)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            const raw = event.target.value;
            if (raw === "") return onChange(undefined);
            const value = Number(raw);
            if (Number.isFinite(value) && value >= 0) onChange(Math.min(MAX_HOURS, Math.round(value * factor)));
          }}
        />
        <div className="w-28 shrink-0">
          <Select aria-label={`${label}: unit`} value={unit} onChange={(event) => setUnit(event.target.value as "hours" | "days")}>
            <option value="hours">hours</option>
            <option value="days">days</option>
          </Select>
        </div>
      </div>
    </Field>
  );
}
