"use client";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Select } from "@/components/ui/field";

/** The workspace's outcomes (Settings), e.g. "Meeting booked"; none while they load. */
export function useOutcomeNames(enabled = true): string[] {
  const trpc = useTRPC();
  const current = useQuery({ ...trpc.workspace.current.queryOptions(), enabled });
  return current.data?.workspace.settings.outcomeNames ?? [];
}

/**
 * The outcome marked on a lead: none, or one of the workspace's outcomes. An outcome since removed
 * from the workspace's list stays shown as it is marked.
 */
export function OutcomeSelect({
  value,
  names,
  disabled,
  labelHidden = false,
  onChange,
}: {
  value: string | null;
  names: string[];
  disabled?: boolean;
  /** Where the page already says "Outcome" beside it. */
  labelHidden?: boolean;
  onChange: (outcome: string | null) => void;
}) {
  const id = useId();
  const choices = value && !names.includes(value) ? [value, ...names] : names;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={labelHidden ? "sr-only" : "block text-xs font-medium text-slate-600"}>
        Outcome
      </label>
      <Select id={id} value={value ?? ""} disabled={disabled} onChange={(event) => onChange(event.target.value || null)} className="py-1.5 text-xs">
        <option value="">None</option>
        {choices.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </Select>
    </div>
  );
}
