"use client";
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs (and select them); only the selected
 * tab is in the tab order. The panel is the children, labelled by the selected tab.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  label: string;
  tabs: Array<TabItem<T>>;
  selected: T;
  onSelect: (id: T) => void;
  children: ReactNode;
}) {
  const baseId = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const list = useRef<HTMLDivElement>(null);
  const labels = tabs.map((tab) => tab.label).join("\n");
  // On a narrow screen the tabs scroll sideways: the selected one (a link can open the last) is
  // scrolled into the row's view, without moving the page.
  useEffect(() => {
    const row = list.current;
    const tab = refs.current.get(selected);
    if (!row || !tab) return;
    const shown = row.getBoundingClientRect();
    const place = tab.getBoundingClientRect();
    if (place.left < shown.left) row.scrollLeft -= shown.left - place.left;
    else if (place.right > shown.right) row.scrollLeft += place.right - shown.right;
  }, [selected, labels]);
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const next =
      event.key === "ArrowRight" ? (index + 1) % tabs.length
      : event.key === "ArrowLeft" ? (index - 1 + tabs.length) % tabs.length
      : event.key === "Home" ? 0
      : event.key === "End" ? tabs.length - 1
      : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next]!;
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  }
  return (
    <div>
      <div ref={list} role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex gap-1 overflow-x-auto shadow-[inset_0_-1px_0_var(--color-slate-200)]">
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) refs.current.set(tab.id, element);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={`shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${
                active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-500 hover:text-slate-800"
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${selected}`} className="pt-5">
        {children}
      </div>
    </div>
  );
}
