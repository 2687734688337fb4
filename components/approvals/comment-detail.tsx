"use client";
import { useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/components/ui/format";
import { COMMENT_MAX, type TPendingComment } from "@/server/schemas/approvals";
import { ActionButton } from "./action-button";
import { LeadSummary } from "./lead-summary";

export type CommentMode = "edit" | "redo" | null;

const textarea =
  "block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500";

/**
 * One pending comment: the lead, their post, and the draft, with its decisions. Editing happens in
 * place (Ctrl or Cmd + Enter approves the edited text, Escape gives up); regenerating asks for
 * optional instructions first.
 */
export function CommentDetail({
  draft,
  mode,
  busy,
  regenerating,
  onMode,
  onApprove,
  onSave,
  onRegenerate,
  onReject,
}: {
  draft: TPendingComment;
  mode: CommentMode;
  busy: boolean;
  regenerating: boolean;
  onMode: (mode: CommentMode) => void;
  onApprove: (comment?: string) => void;
  onSave: (comment: string) => void;
  onRegenerate: (prompt?: string) => void;
  onReject: () => void;
}) {
  const [text, setText] = useState(draft.comment);
  const [instructions, setInstructions] = useState("");
  // A new draft (regenerated, or edited elsewhere) replaces what the editor starts from.
  const [seen, setSeen] = useState(draft.comment);
  if (draft.comment !== seen) {
    setSeen(draft.comment);
    setText(draft.comment);
  }
  const trimmed = text.trim();
  const tooLong = trimmed.length > COMMENT_MAX;
  const edited = trimmed !== draft.comment.trim();

  const onEditorKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      if (trimmed && !tooLong) onApprove(edited ? trimmed : undefined);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      setText(draft.comment);
      onMode(null);
    }
  };
  const onInstructionsKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      onRegenerate(instructions.trim() || undefined);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onMode(null);
    }
  };

  return (
    <article className="space-y-5" aria-label={`Comment for ${draft.firstName ?? "the lead"}`} data-testid="approval-detail" data-kind="comment">
      <LeadSummary draft={draft} />

      <section aria-labelledby={`${draft.id}-post`} className="space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id={`${draft.id}-post`} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            Their post
          </h3>
          <p className="text-xs text-slate-500">
            {draft.postedAt && <time dateTime={draft.postedAt}>{formatDateTime(draft.postedAt)} · </time>}
            <a href={draft.postUrl} target="_blank" rel="noreferrer" className="font-medium text-brand-700 hover:underline">
              Open on LinkedIn ↗
            </a>
          </p>
        </div>
        <blockquote className="max-h-48 overflow-y-auto rounded-md bg-slate-50 px-3 py-2 text-sm whitespace-pre-wrap text-slate-700 ring-1 ring-slate-200" data-testid="approval-post">
          {draft.postText || "(The post has no text.)"}
        </blockquote>
      </section>

      <section aria-labelledby={`${draft.id}-draft`} className="space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id={`${draft.id}-draft`} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {mode === "edit" ? "Edit the comment" : "The comment"}
          </h3>
          <p className="text-xs text-slate-500">{draft.generations > 1 ? `Draft ${draft.generations} (rewritten ${draft.generations - 1}×)` : "Drafted by AI"}</p>
        </div>
        {mode === "edit" ? (
          <div className="space-y-2">
            <textarea
              autoFocus
              aria-label="Comment"
              rows={5}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onEditorKey}
              onFocus={(event) => event.currentTarget.setSelectionRange(event.currentTarget.value.length, event.currentTarget.value.length)}
              className={textarea}
              aria-invalid={tooLong || !trimmed ? true : undefined}
            />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className={`text-xs ${tooLong ? "text-red-600" : "text-slate-500"}`}>
                {trimmed.length} / {COMMENT_MAX} · <kbd className="font-sans">Ctrl</kbd>/<kbd className="font-sans">⌘</kbd>+<kbd className="font-sans">Enter</kbd> approves, <kbd className="font-sans">Esc</kbd> cancels
              </p>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="ghost" onClick={() => (setText(draft.comment), onMode(null))}>
                  Cancel
                </Button>
                <Button size="sm" variant="secondary" disabled={busy || !trimmed || tooLong || !edited} onClick={() => onSave(trimmed)}>
                  Save without approving
                </Button>
                <Button size="sm" disabled={busy || !trimmed || tooLong} onClick={() => onApprove(edited ? trimmed : undefined)}>
                  Approve this text
                </Button>
              </div>
            </div>
          </div>
        ) : (
          <p className="rounded-md bg-brand-50/60 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-900 ring-1 ring-brand-100" data-testid="approval-comment">
            {draft.comment}
          </p>
        )}
      </section>

      {mode === "redo" && (
        <section aria-label="Write a new draft" className="space-y-2 rounded-lg bg-white p-3 ring-1 ring-slate-200">
          <label htmlFor={`${draft.id}-instructions`} className="block text-sm font-medium text-slate-700">
            Instructions for the new draft (optional)
          </label>
          <input
            id={`${draft.id}-instructions`}
            autoFocus
            maxLength={2000}
            value={instructions}
            onChange={(event) => setInstructions(event.target.value)}
            onKeyDown={onInstructionsKey}
            placeholder={draft.prompt}
            className={textarea}
          />
          <p className="text-xs text-slate-500">Empty: the step&apos;s own instructions. A new draft spends AI credits. Enter writes it, Esc cancels.</p>
          <div className="flex gap-2">
            <Button size="sm" disabled={regenerating} onClick={() => onRegenerate(instructions.trim() || undefined)}>
              {regenerating ? "Writing a new draft…" : "Write a new draft"}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => onMode(null)} disabled={regenerating}>
              Cancel
            </Button>
          </div>
        </section>
      )}

      {mode !== "edit" && (
        <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4" role="group" aria-label="Decision">
          <ActionButton variant="primary" shortcut="A" disabled={busy} onClick={() => onApprove()}>
            Approve
          </ActionButton>
          <ActionButton shortcut="E" disabled={busy} onClick={() => onMode("edit")}>
            Edit
          </ActionButton>
          <ActionButton shortcut="R" disabled={busy || regenerating} onClick={() => onMode("redo")}>
            Regenerate
          </ActionButton>
          <ActionButton variant="secondary" className="text-red-700" shortcut="X" disabled={busy} onClick={onReject}>
            Reject
          </ActionButton>
        </div>
      )}
    </article>
  );
}
