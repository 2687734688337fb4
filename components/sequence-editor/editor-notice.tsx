"use client";
// A short note over the canvas, for a key press that cannot do what it asks (Delete on a step
// that leads lock): it says why instead of doing nothing, and goes away on its own.
import { useEffect } from "react";

/** Why Delete does nothing on a saved step while leads are in progress. */
export function lockedDeleteMessage(stepName: string): string {
  return `${stepName} can't be removed once leads are in progress; you can still change its messages and delays.`;
}

const SHOWN_FOR_MS = 8000;

export function EditorNotice({ message, onDismiss }: { message: string; onDismiss(): void }) {
  useEffect(() => {
    const timer = setTimeout(onDismiss, SHOWN_FOR_MS);
    return () => clearTimeout(timer);
  }, [message, onDismiss]);
  return (
    <div className="pointer-events-none absolute inset-x-0 top-3 z-10 flex justify-center px-3">
      <div role="alert" data-testid="editor-notice" className="pointer-events-auto flex max-w-md items-start gap-2 rounded-md bg-slate-900 px-3 py-2 text-sm text-white shadow-lg">
        <span>{message}</span>
        <button type="button" onClick={onDismiss} aria-label="Dismiss" className="rounded px-1 text-slate-300 hover:bg-slate-700 hover:text-white">
          ×
        </button>
      </div>
    </div>
  );
}
