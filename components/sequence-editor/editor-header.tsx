"use client";
// The editor's top bar: back to the campaign, the campaign's name, undo and redo, save state and actions.
import Link from "next/link";
import { Button } from "@/components/ui/button";

export function EditorHeader({
  embedded,
  campaignId,
  campaignName,
  stepCount,
  dirty,
  saving,
  savedAt,
  onSave,
  onDiscard,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
}: {
  /** In the guided set-up: no way back (the set-up has it) and a lesser heading. */
  embedded?: boolean;
  campaignId: string;
  campaignName: string;
  stepCount: number;
  dirty: boolean;
  saving: boolean;
  savedAt: Date | null;
  onSave(): void;
  onDiscard(): void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo(): void;
  onRedo(): void;
}) {
  const state = saving ? "Saving…" : dirty ? "Unsaved changes" : savedAt ? "All changes saved" : "No changes";
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        {embedded ? (
          <h2 className="truncate text-lg font-semibold text-slate-900">Sequence</h2>
        ) : (
          <>
            <Link href={`/campaigns/${campaignId}`} className="text-sm font-medium text-brand-600 hover:underline">
              ← Back to campaign
            </Link>
            <h1 className="mt-1 truncate text-2xl font-semibold tracking-tight text-slate-900">Sequence</h1>
          </>
        )}
        <p className="mt-0.5 truncate text-sm text-slate-500">
          {campaignName} · {stepCount} {stepCount === 1 ? "step" : "steps"}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center gap-1" role="group" aria-label="History">
          <Button variant="ghost" size="sm" disabled={!canUndo} onClick={onUndo} title="Undo (Ctrl+Z)" aria-keyshortcuts="Control+Z Meta+Z">
            Undo
          </Button>
          <Button variant="ghost" size="sm" disabled={!canRedo} onClick={onRedo} title="Redo (Ctrl+Shift+Z)" aria-keyshortcuts="Control+Shift+Z Control+Y Meta+Shift+Z">
            Redo
          </Button>
        </div>
        <span role="status" className={`text-sm ${dirty ? "font-medium text-amber-700" : "text-slate-500"}`} data-testid="save-state">
          {state}
        </span>
        <Button variant="secondary" disabled={!dirty || saving} onClick={onDiscard}>
          Discard changes
        </Button>
        <Button disabled={!dirty || saving} onClick={onSave} title="Save (Ctrl+S)">
          {saving ? "Saving…" : "Save sequence"}
        </Button>
      </div>
    </div>
  );
}
