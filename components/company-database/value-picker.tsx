"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { displayValue } from "./company-filters";

/** The text a moment after typing stops, so that each key does not ask the server. */
function useDebounced(value: string, milliseconds: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), milliseconds);
    return () => clearTimeout(timer);
  }, [value, milliseconds]);
  return settled;
}

/**
 * A multi-value filter: the chosen values as chips (each with a remove button), and a combobox that
 * suggests values of `field` from the filter values (free, with counts) as the user types. Arrow keys
 * move through the suggestions, Enter picks one (or, with `freeText`, the typed words), Escape closes,
 * Backspace in the empty box removes the last chip. Without `field`, values are typed only.
 */
export function ValuePicker({
  label,
  values,
  onChange,
  field,
  type = "companies",
  placeholder,
  freeText = false,
  compact = false,
}: {
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  field?: string;
  type?: "companies" | "people";
  placeholder?: string;
  freeText?: boolean;
  compact?: boolean;
}) {
  const trpc = useTRPC();
  const id = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const query = useDebounced(text.trim(), 200);
  const suggestions = useQuery({
    ...trpc.companyDatabase.filterValues.queryOptions({ type, field: field ?? "industry", query, limit: 8 }),
    enabled: Boolean(field) && open,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const options = (suggestions.data?.data ?? []).filter((option) => !values.includes(option.value));
  const typed = text.trim().toLowerCase();
  const offerTyped = (freeText || !field) && typed !== "" && !values.includes(typed) && !options.some((option) => option.value === typed);
  const choices: Array<{ value: string; count: number | null }> = [
    ...options.map((option) => ({ value: option.value, count: option.count })),
    ...(offerTyped ? [{ value: typed, count: null }] : []),
  ];
  const expanded = open && (choices.length > 0 || (Boolean(field) && suggestions.isFetched));
  const listId = `${id}-list`;
  const activeIndex = Math.min(active, Math.max(0, choices.length - 1));

  function pick(value: string) {
    if (!values.includes(value)) onChange([...values, value]);
    setText("");
    setActive(0);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (choices.length) setActive((activeIndex + (event.key === "ArrowDown" ? 1 : choices.length - 1)) % choices.length);
    } else if (event.key === "Enter") {
      // Enter never submits the sidebar: a search spends credits and runs only from its button.
      event.preventDefault();
      const choice = expanded ? choices[activeIndex] : undefined;
      if (choice) pick(choice.value);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === "Backspace" && text === "" && values.length) {
      onChange(values.slice(0, -1));
    }
  }

  return (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-input`} className={`block font-medium text-slate-700 ${compact ? "text-xs" : "text-sm"}`}>
        {label}
      </label>
      {values.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={`${label}: chosen`}>
          {values.map((value) => (
            <li key={value} className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-xs text-brand-700 ring-1 ring-brand-100">
              <span className="truncate">{displayValue(value)}</span>
              <button
                type="button"
                aria-label={`Remove ${value}`}
                onClick={() => onChange(values.filter((other) => other !== value))}
                className="rounded-full p-0.5 hover:bg-brand-100"
              >
                <svg viewBox="0 0 20 20" className="size-3" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <path d="M5 5l10 10M15 5 5 15" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <input
          id={`${id}-input`}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && choices.length ? `${id}-option-${activeIndex}` : undefined}
          autoComplete="off"
          value={text}
          placeholder={placeholder ?? (field ? "Type to search…" : "Type, then Enter")}
          maxLength={200}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className="block w-full rounded-md border-0 bg-white px-3 py-1.5 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500"
        />
        {expanded && (
          <ul
            id={listId}
            role="listbox"
            aria-label={`${label} suggestions`}
            className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200"
          >
            {choices.length === 0 ? (
              <li className="px-3 py-2 text-slate-500">{text.trim() ? "No matching values." : "No values yet."}</li>
            ) : (
              choices.map((choice, index) => (
                <li
                  key={choice.value}
                  id={`${id}-option-${index}`}
                  role="option"
                  aria-selected={index === activeIndex}
                  // mousedown, not click: the box's blur would close the list before the click lands.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    pick(choice.value);
                  }}
                  onMouseEnter={() => setActive(index)}
                  className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-1.5 ${index === activeIndex ? "bg-brand-50 text-brand-800" : "text-slate-800"}`}
                >
                  <span className="min-w-0 truncate">{choice.count === null ? `Add “${choice.value}”` : displayValue(choice.value)}</span>
                  {choice.count !== null && <span className="shrink-0 text-xs text-slate-500 tabular-nums">{choice.count.toLocaleString("en")}</span>}
                </li>
              ))
            )}
          </ul>
        )}
      </div>
    </div>
  );
}
