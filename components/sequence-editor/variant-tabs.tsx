"use client";
// Tabs for a step's A/B variants, with adding and removing. Arrow keys move between tabs.
import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { MAX_VARIANTS, variantLetter } from "./variants";

export function VariantTabs({
  idPrefix,
  count,
  active,
  withIssues,
  onSelect,
  onAdd,
  onRemove,
  children,
}: {
  idPrefix: string;
  count: number;
  active: number;
  /** Variants that have a problem (marked on their tab). */
  withIssues: ReadonlySet<number>;
  onSelect(index: number): void;
  onAdd(): void;
  onRemove(index: number): void;
  children: ReactNode;
}) {
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const delta = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    const target = event.key === "Home" ? 0 : event.key === "End" ? count - 1 : delta ? (index + delta + count) % count : null;
    if (target === null) return;
    event.preventDefault();
    onSelect(target);
    tabs.current[target]?.focus();
  };

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-2">
        <span className="text-xs font-medium text-slate-500">Variants</span>
        <div role="tablist" aria-label="A/B variants" className="flex gap-0.5 rounded-md bg-slate-100 p-0.5">
          {Array.from({ length: count }, (_unused, index) => (
            <button
              key={index}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${idPrefix}-tab-${index}`}
              aria-label={`Variant ${variantLetter(index)}${withIssues.has(index) ? ", has a problem" : ""}`}
              aria-selected={index === active}
              aria-controls={`${idPrefix}-panel`}
              tabIndex={index === active ? 0 : -1}
              onClick={() => onSelect(index)}
              onKeyDown={(event) => move(event, index)}
              className={`relative min-w-8 rounded px-2 py-1 text-xs font-semibold ${index === active ? "bg-white text-slate-900 shadow-xs" : "text-slate-600 hover:text-slate-900"}`}
            >
              {variantLetter(index)}
              {withIssues.has(index) && <span className="absolute top-0.5 right-0.5 size-1.5 rounded-full bg-red-500" aria-hidden="true" />}
            </button>
          ))}
        </div>
        <div className="ml-auto flex gap-1">
          {count < MAX_VARIANTS && (
            <Button variant="ghost" size="sm" onClick={onAdd} title="Add an A/B variant, starting as a copy of variant A">
              + Add variant
            </Button>
          )}
          {count > 1 && (
            <Button variant="ghost" size="sm" className="text-red-700" aria-label={`Remove variant ${variantLetter(active)}`} onClick={() => onRemove(active)}>
              Remove {variantLetter(active)}
            </Button>
          )}
        </div>
      </div>
      <div role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${active}`} className="space-y-4">
        {count > 1 && (
          <p className="text-xs text-slate-500">
            Each lead gets one variant, picked at random and kept.{active === 0 ? " Variant A is the step’s main copy." : ` Editing variant ${variantLetter(active)}.`}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}
