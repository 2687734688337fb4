"use client";
// The kinds that may be added on an open branch, and only those: below a connected branch the menu
// leaves out what needs an unconnected lead, and without an e-mail above it the conditions on e-mail
// opens and clicks, and says so.
import { useEffect, useRef, type KeyboardEvent } from "react";
import { EMAIL_ACTIVITY_CONDITIONS, NOT_BELOW_CONNECTED, STEP_LABELS, type StepType } from "@/server/schemas/sequence";
import { STEP_DESCRIPTIONS } from "./kinds";
import { StepIcon } from "./step-icon";

/** The e-mail channel's kinds: sending, and finding the address to send to. */
const EMAIL_KINDS: ReadonlySet<StepType> = new Set(["email", "find_email"]);

const GROUPS: Array<{ title: string; note?: string; includes(type: StepType): boolean }> = [
  { title: "LinkedIn actions", includes: (type) => !type.startsWith("if_") && !EMAIL_KINDS.has(type) && type !== "task" },
  { title: "E-mail", includes: (type) => EMAIL_KINDS.has(type) },
  { title: "For a person", includes: (type) => type === "task" },
  { title: "Conditions", includes: (type) => type.startsWith("if_") },
];

/** "A, B and C". */
function listOf(names: string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
}

export function AddStepMenu({
  title,
  description,
  allowed,
  onChoose,
  onClose,
}: {
  title: string;
  description: string;
  allowed: readonly StepType[];
  onChoose(type: StepType): void;
  onClose(): void;
}) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current?.querySelector<HTMLButtonElement>("button[data-kind]")?.focus();
  }, [description]);
  const hidden = [...NOT_BELOW_CONNECTED].filter((type) => !allowed.includes(type));
  const needEmail = [...EMAIL_ACTIVITY_CONDITIONS].filter((type) => !allowed.includes(type));

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>("button[data-kind]") ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[(index + (event.key === "ArrowDown" ? 1 : -1) + buttons.length) % buttons.length];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  return (
    <div className="flex h-full flex-col" data-testid="add-step-menu">
      <header className="flex items-start gap-3 px-4 py-4">
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          <p className="text-xs text-slate-500">{description}</p>
        </div>
        <button type="button" onClick={onClose} aria-label="Close the step menu" className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800">
          <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </header>
      <div ref={list} onKeyDown={move} className="space-y-4 px-4 pb-4" role="group" aria-label="Step kinds">
        {hidden.length > 0 && (
          <p className="rounded-md bg-slate-50 px-3 py-2 text-xs text-slate-600 ring-1 ring-slate-200" data-testid="connected-rule-note">
            The lead is already connected here, so {listOf(hidden.map((type) => STEP_LABELS[type]))} cannot be added anywhere below this branch.
          </p>
        )}
        {needEmail.length > 0 && (
          <p className="rounded-md bg-slate-50 px-3 py-2 text-xs text-slate-600 ring-1 ring-slate-200" data-testid="email-activity-note">
            {listOf(needEmail.map((type) => STEP_LABELS[type]))} ask about an e-mail the lead got: add an E-mail step above this branch to use them.
          </p>
        )}
        {GROUPS.map((group) => {
          const kinds = allowed.filter(group.includes);
          if (!kinds.length) return null;
          return (
            <div key={group.title} className="space-y-1.5">
              <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{group.title}</h3>
              {group.note && <p className="text-xs text-slate-500">{group.note}</p>}
              {kinds.map((type) => (
                <button
                  key={type}
                  type="button"
                  data-kind={type}
                  aria-label={STEP_LABELS[type]}
                  aria-describedby={`kind-description-${type}`}
                  onClick={() => onChoose(type)}
                  className="flex w-full items-start gap-3 rounded-md px-2.5 py-2 text-left ring-1 ring-slate-200 hover:bg-brand-50 hover:ring-brand-100 focus-visible:bg-brand-50"
                >
                  <span className="mt-0.5 flex size-7 items-center justify-center rounded-md bg-slate-100 text-slate-700">
                    <StepIcon type={type} />
                  </span>
                  <span className="min-w-0">
                    <span className="block text-sm font-medium text-slate-900">{STEP_LABELS[type]}</span>
                    <span id={`kind-description-${type}`} className="block text-xs text-slate-500">
                      {STEP_DESCRIPTIONS[type]}
                    </span>
                  </span>
                </button>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
