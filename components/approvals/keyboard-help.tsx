"use client";
import { Dialog } from "@/components/ui/dialog";

export const SHORTCUTS: Array<{ keys: string[]; what: string }> = [
  { keys: ["J", "↓"], what: "Next draft" },
  { keys: ["K", "↑"], what: "Previous draft" },
  { keys: ["A"], what: "Approve" },
  { keys: ["E"], what: "Edit a comment (Ctrl/⌘+Enter approves the edit, Esc cancels)" },
  { keys: ["R"], what: "Regenerate a comment, or re-record a voice note" },
  { keys: ["X"], what: "Reject (for a few seconds, until your next decision, U or Z takes it back)" },
  { keys: ["U", "Z"], what: "Undo the rejection" },
  { keys: ["Space"], what: "Play or pause the voice note" },
  { keys: ["Shift+A"], what: "Approve the selected drafts" },
  { keys: ["Shift+X"], what: "Reject the selected drafts" },
  { keys: ["?"], what: "Show or hide these shortcuts" },
];

/** The "?" overlay: every key of the queue. */
export function KeyboardHelp({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" description="Clear the queue without the mouse. After each decision the next draft comes up." onClose={onClose} size="sm">
      <dl className="space-y-2 text-sm">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.what} className="flex items-start justify-between gap-4">
            <dt className="flex shrink-0 gap-1">
              {shortcut.keys.map((key) => (
                <kbd key={key} className="rounded bg-slate-100 px-1.5 py-0.5 font-sans text-xs font-semibold text-slate-700 ring-1 ring-slate-200">
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className="text-right text-slate-600">{shortcut.what}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
