"use client";
import { useEffect, useRef, type MouseEvent } from "react";
import { formatDateTime, formatRelative } from "@/components/ui/format";
import type { TPendingComment, TPendingVoiceNote } from "@/server/schemas/approvals";
import { DraftAvatar } from "./lead-summary";
import { formatDuration, leadDisplayName } from "./queue-state";

type Draft = TPendingComment | TPendingVoiceNote;

function preview(draft: Draft): string {
  if ("comment" in draft) return draft.comment;
  return `${formatDuration(draft.durationMs)} voice note${draft.script ? ` · ${draft.script}` : ""}`;
}

/**
 * The queue's drafts, oldest first: a checkbox each for bulk decisions (Shift-click selects a
 * range), and the row itself to focus the draft. The focused row scrolls into view as J/K move.
 */
export function ApprovalList({
  drafts,
  focusedId,
  selected,
  now,
  onFocus,
  onToggle,
}: {
  drafts: Draft[];
  focusedId: string | null;
  selected: ReadonlySet<string>;
  now: number;
  onFocus: (id: string) => void;
  onToggle: (id: string, shift: boolean) => void;
}) {
  const focusedRow = useRef<HTMLLIElement>(null);
  useEffect(() => {
    focusedRow.current?.scrollIntoView?.({ block: "nearest" });
  }, [focusedId]);
  return (
    <ul className="divide-y divide-slate-100" aria-label="Drafts waiting for approval">
      {drafts.map((draft) => {
        const name = leadDisplayName(draft);
        const focused = draft.id === focusedId;
        return (
          <li
            key={draft.id}
            ref={focused ? focusedRow : undefined}
            data-testid="approval-row"
            data-focused={focused || undefined}
            className={`flex items-start gap-2 px-3 py-3 ${focused ? "bg-brand-50 shadow-[inset_3px_0_0_var(--color-brand-600)]" : "hover:bg-slate-50"}`}
          >
            <input
              type="checkbox"
              aria-label={`Select ${name}`}
              checked={selected.has(draft.id)}
              onChange={() => undefined}
              onClick={(event: MouseEvent<HTMLInputElement>) => onToggle(draft.id, event.shiftKey)}
              className="mt-2.5 size-4 shrink-0 rounded border-slate-300 text-brand-600"
            />
            <button type="button" aria-current={focused ? "true" : undefined} onClick={() => onFocus(draft.id)} className="flex min-w-0 flex-1 gap-3 text-left">
              <DraftAvatar draft={draft} />
              <span className="min-w-0 flex-1 space-y-0.5">
                <span className="flex items-baseline gap-2">
                  <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">
                    {name}
                    {draft.company && <span className="font-normal text-slate-500"> · {draft.company}</span>}
                  </span>
                  <time dateTime={draft.createdAt} title={formatDateTime(draft.createdAt)} className="shrink-0 text-[11px] text-slate-500">
                    {formatRelative(draft.createdAt, now)}
                  </time>
                </span>
                <span className="block truncate text-[11px] text-slate-500">
                  {draft.campaignName} · {draft.senderName ?? "A removed sender"}
                </span>
                <span className="line-clamp-2 text-xs break-words text-slate-600">{preview(draft)}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
