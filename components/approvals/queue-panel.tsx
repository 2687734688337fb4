"use client";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { plural } from "@/components/ui/plural";
import { useNow } from "@/components/ui/use-now";
import type { TPendingComment, TPendingVoiceNote } from "@/server/schemas/approvals";
import { approvalErrorText, isStale } from "./approval-errors";
import { ApprovalList } from "./approval-list";
import { CommentDetail, type CommentMode } from "./comment-detail";
import { EmptyQueue, isTextEntry } from "./empty-queue";
import { KeyboardHelp } from "./keyboard-help";
import { bulkSummary, commandForKey, keepFocus, leadDisplayName, moveFocus, pruneSelection, toggleSelection, type ApprovalKind } from "./queue-state";
import { QUEUE_PAGE, useApprovalActions, usePendingComments, usePendingVoiceNotes, type QueueFilters } from "./use-approvals";
import { useUndoable } from "./use-undoable";
import { VoiceNoteDetail, type VoiceMode } from "./voice-note-detail";
import type { PlayerHandle } from "./waveform-player";

type Draft = TPendingComment | TPendingVoiceNote;
type Mode = CommentMode | VoiceMode;
type Notice = { tone: "success" | "error" | "warning"; text: string; undo?: boolean };

const NOUN: Record<ApprovalKind, string> = { comments: "comment", voiceNotes: "voice note" };

/**
 * One queue (comments or voice notes): the pending drafts oldest first beside the focused one, and
 * every decision by button or key. A decision takes the draft out of the list at once and hands the
 * focus to the next; polling keeps the list fresh without moving the focus or the selection.
 */
export function QueuePanel({
  kind,
  filters,
  filtered,
  onClearFilters,
  onSeen,
}: {
  kind: ApprovalKind;
  filters: QueueFilters;
  filtered: boolean;
  onClearFilters: () => void;
  /** The drafts of each page as it arrives, for the filters' names. */
  onSeen: (drafts: Draft[]) => void;
}) {
  const [offset, setOffset] = useState(0);
  const comments = usePendingComments(filters, offset, kind === "comments");
  const voiceNotes = usePendingVoiceNotes(filters, offset, kind === "voiceNotes");
  const list = kind === "comments" ? comments : voiceNotes;
  const actions = useApprovalActions();
  const now = useNow(30_000);
  const player = useRef<PlayerHandle>(null);

  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const page = list.data?.data as Draft[] | undefined;
  const drafts = (page ?? []).filter((draft) => !hidden.has(draft.id));
  const ids = drafts.map((draft) => draft.id);
  useEffect(() => {
    if (page) onSeen(page);
  }, [page, onSeen]);

  // The focus follows its draft through polls; when the draft leaves, the next one takes it.
  const [focus, setFocus] = useState<{ id: string | null; ids: string[] }>({ id: null, ids: [] });
  const focusedId = keepFocus(ids, focus.id, focus.ids);
  if (focus.id !== focusedId || focus.ids.join() !== ids.join()) setFocus({ id: focusedId, ids });
  const focused = drafts.find((draft) => draft.id === focusedId) ?? null;

  const [selectedRaw, setSelected] = useState<ReadonlySet<string>>(new Set());
  const selected = pruneSelection(selectedRaw, ids);
  const [anchor, setAnchor] = useState<string | null>(null);
  const [modeFor, setModeFor] = useState<{ id: string | null; mode: Mode }>({ id: null, mode: null });
  const mode = modeFor.id === focusedId ? modeFor.mode : null;
  const setMode = (next: Mode) => setModeFor({ id: focusedId, mode: next });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [detailOpen, setDetailOpen] = useState(false);
  const [help, setHelp] = useState(false);

  // A page emptied by decisions gives way to the one before it.
  if (page && page.length === 0 && offset > 0) setOffset(Math.max(0, offset - QUEUE_PAGE));

  const focusOn = (id: string | null) => setFocus({ id, ids });
  const hide = (more: readonly string[]) => setHidden((current) => new Set([...current, ...more]));
  const unhide = (id: string) =>
    setHidden((current) => {
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  const failed = (error: unknown) => setNotice({ tone: "error", text: approvalErrorText(error) });

  async function send(draft: Draft, decision: "approve" | "reject", comment?: string) {
    const name = leadDisplayName(draft);
    try {
      if (kind === "comments") {
        if (decision === "approve") await actions.comments.approve.mutateAsync({ id: draft.id, ...(comment ? { comment } : {}) });
        else await actions.comments.reject.mutateAsync({ id: draft.id });
      } else if (decision === "approve") await actions.voiceNotes.approve.mutateAsync({ id: draft.id });
      else await actions.voiceNotes.reject.mutateAsync({ id: draft.id });
      // A rejection's notice was shown when it was made (with its undo).
      if (decision === "approve") setNotice({ tone: "success", text: `${comment ? "Approved your edit of the comment" : `Approved the ${NOUN[kind]}`} for ${name}.` });
    } catch (error) {
      if (!isStale(error)) unhide(draft.id);
      failed(error);
    }
  }

  // A rejection is held for a few seconds of undo (use-undoable.ts), then sent.
  const heldReject = useUndoable<Draft>((draft) => {
    setNotice((current) => (current?.undo ? { ...current, undo: false } : current));
    void send(draft, "reject");
  });

  function reject(draft: Draft) {
    heldReject.hold(draft);
    hide([draft.id]);
    setNotice({ tone: "success", text: `Rejected the ${NOUN[kind]} for ${leadDisplayName(draft)}.`, undo: true });
  }

  function undoReject() {
    const draft = heldReject.undo();
    if (!draft) return;
    unhide(draft.id);
    focusOn(draft.id);
    setNotice({ tone: "success", text: `Kept the ${NOUN[kind]} for ${leadDisplayName(draft)}: it still waits for a decision.` });
  }

  async function decide(draft: Draft, decision: "approve" | "reject", comment?: string) {
    if (decision === "reject") return reject(draft);
    heldReject.flush();
    hide([draft.id]);
    await send(draft, decision, comment);
  }

  async function decideSelected(decision: "approve" | "reject") {
    const chosen = ids.filter((id) => selected.has(id));
    if (!chosen.length) return;
    heldReject.flush();
    const group = kind === "comments" ? actions.comments : actions.voiceNotes;
    const mutation = decision === "approve" ? group.approveMany : group.rejectMany;
    try {
      const result = await mutation.mutateAsync({ ids: chosen });
      // Drafts left alone were decided elsewhere or are gone: either way no longer in this queue.
      hide([...result.decided, ...result.skipped.map((skip) => skip.id)]);
      setSelected(new Set());
      setNotice({ tone: result.skipped.length ? "warning" : "success", text: bulkSummary(decision, result) });
    } catch (error) {
      failed(error);
    }
  }

  const regenerate = (draft: TPendingComment, prompt?: string) =>
    actions.comments.regenerate.mutate(
      { id: draft.id, ...(prompt ? { prompt } : {}) },
      {
        onSuccess: () => {
          setModeFor({ id: draft.id, mode: null });
          setNotice({ tone: "success", text: `A new draft for ${leadDisplayName(draft)} is ready.` });
        },
        onError: failed,
      },
    );
  const saveEdit = (draft: TPendingComment, comment: string) =>
    actions.comments.edit.mutate(
      { id: draft.id, comment },
      {
        onSuccess: () => {
          setModeFor({ id: draft.id, mode: null });
          setNotice({ tone: "success", text: `Saved your edit; the comment for ${leadDisplayName(draft)} still waits for approval.` });
        },
        onError: failed,
      },
    );
  const reRecord = (draft: TPendingVoiceNote, script?: string) =>
    actions.voiceNotes.reRecord.mutate(
      { id: draft.id, ...(script ? { script } : {}) },
      {
        onSuccess: () => {
          setModeFor({ id: draft.id, mode: null });
          setNotice({ tone: "success", text: `New audio for ${leadDisplayName(draft)} is ready to listen to.` });
        },
        onError: failed,
      },
    );
  const upload = (draft: TPendingVoiceNote, recording: { audio: string; mimeType: string; durationMs: number }) =>
    actions.voiceNotes.uploadRecording.mutate(
      { id: draft.id, ...recording },
      {
        onSuccess: () => {
          setModeFor({ id: draft.id, mode: null });
          setNotice({ tone: "success", text: `Your recording replaces the audio for ${leadDisplayName(draft)}; approve it to send it.` });
        },
        onError: failed,
      },
    );

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented) return;
    if (document.querySelector("dialog[open]")) {
      if (help && event.key === "?") setHelp(false);
      return;
    }
    const command = commandForKey(event, isTextEntry(event.target));
    if (!command) {
      if (event.key === "Escape" && mode) setMode(null);
      return;
    }
    // Space keeps its own meaning on buttons, links, checkboxes and the waveform; not on the queue's
    // tabs, which select on focus (Space would only select the tab already shown).
    if (command === "play" && event.target instanceof HTMLElement && event.target.closest("button:not([role=tab]), a, input, [role=slider]")) return;
    if (command === "help") {
      event.preventDefault();
      setHelp(true);
      return;
    }
    if (command === "approveSelected" || command === "rejectSelected") {
      if (!selected.size) return;
      event.preventDefault();
      void decideSelected(command === "approveSelected" ? "approve" : "reject");
      return;
    }
    if (command === "undo") {
      if (!heldReject.isHolding()) return;
      event.preventDefault();
      undoReject();
      return;
    }
    if (command === "next" || command === "previous") {
      event.preventDefault();
      focusOn(moveFocus(ids, focusedId, command === "next" ? 1 : -1));
      setMode(null);
      return;
    }
    if (!focused) return;
    event.preventDefault();
    if (command === "approve") void decide(focused, "approve");
    else if (command === "reject") void decide(focused, "reject");
    else if (command === "edit" && kind === "comments") setMode("edit");
    else if (command === "redo" && (kind === "comments" || (focused as TPendingVoiceNote).script !== null)) setMode("redo");
    else if (command === "play" && kind === "voiceNotes") player.current?.toggle();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);

  const allOnPage = ids.length > 0 && ids.every((id) => selected.has(id));
  const someOnPage = ids.some((id) => selected.has(id));
  const total = list.data?.paging.total ?? 0;
  const waiting = Math.max(0, total - (page ? page.length - drafts.length : 0));
  const bulkBusy = [actions.comments.approveMany, actions.comments.rejectMany, actions.voiceNotes.approveMany, actions.voiceNotes.rejectMany].some((mutation) => mutation.isPending);

  let body;
  if (!list.data) {
    body = list.isError ? (
      <Alert tone="error">
        The queue could not be loaded: {approvalErrorText(list.error)} Herald tries again every few seconds.{" "}
        <button type="button" className="font-medium underline" onClick={() => void list.refetch()}>
          Try now
        </button>
      </Alert>
    ) : (
      <p className="rounded-lg bg-white px-4 py-12 text-center text-sm text-slate-500 ring-1 ring-slate-200" role="status">
        Loading the drafts waiting for approval…
      </p>
    );
  } else if (!drafts.length) {
    body = <EmptyQueue kind={kind} filtered={filtered} onClearFilters={onClearFilters} />;
  } else {
    body = (
      <div className="overflow-hidden rounded-lg bg-white shadow-xs ring-1 ring-slate-200 lg:grid lg:h-[calc(100vh-17rem)] lg:min-h-[32rem] lg:grid-cols-[22rem_minmax(0,1fr)] xl:grid-cols-[24rem_minmax(0,1fr)]">
        <div className={`${detailOpen ? "hidden" : "flex"} min-h-0 flex-col border-slate-200 lg:flex lg:border-r`}>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 px-3 py-2">
            <label className="inline-flex items-center gap-2 text-xs text-slate-700">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-300 text-brand-600"
                checked={allOnPage}
                ref={(element) => {
                  if (element) element.indeterminate = someOnPage && !allOnPage;
                }}
                onChange={() => setSelected(allOnPage ? new Set() : new Set(ids))}
              />
              Select all on this page
            </label>
            <span className="ml-auto text-xs text-slate-500" data-testid="queue-total">
              {plural(waiting, `${NOUN[kind]} waiting`, `${NOUN[kind]}s waiting`)}
            </span>
          </div>
          {selected.size > 0 && (
            <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-slate-50 px-3 py-2" role="group" aria-label="Selected drafts">
              <span className="text-xs font-medium text-slate-700">{selected.size} selected</span>
              <Button size="sm" disabled={bulkBusy} onClick={() => void decideSelected("approve")}>
                Approve selected
              </Button>
              <Button size="sm" variant="secondary" className="text-red-700" disabled={bulkBusy} onClick={() => void decideSelected("reject")}>
                Reject selected
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
                Clear
              </Button>
            </div>
          )}
          <div className="min-h-0 flex-1 lg:overflow-y-auto">
            <ApprovalList
              drafts={drafts}
              focusedId={focusedId}
              selected={selected}
              now={now}
              onFocus={(id) => {
                focusOn(id);
                setDetailOpen(true);
              }}
              onToggle={(id, shift) => {
                setSelected(toggleSelection(ids, selected, id, { shift, anchor }));
                setAnchor(id);
              }}
            />
            {total > QUEUE_PAGE && (
              <div className="px-3 pb-3">
                <Pager offset={offset} pageSize={QUEUE_PAGE} shown={page?.length ?? 0} total={total} onOffsetChange={setOffset} labels={["Older", "Newer"]} />
              </div>
            )}
          </div>
        </div>
        <div className={`${detailOpen ? "block" : "hidden"} min-w-0 px-4 py-4 sm:px-6 lg:block lg:overflow-y-auto`}>
          <button type="button" onClick={() => setDetailOpen(false)} className="mb-3 text-sm font-medium text-brand-700 lg:hidden">
            ← All {NOUN[kind]}s waiting
          </button>
          {focused &&
            (kind === "comments" ? (
              <CommentDetail
                key={focused.id}
                draft={focused as TPendingComment}
                mode={mode as CommentMode}
                busy={actions.comments.edit.isPending}
                regenerating={actions.comments.regenerate.isPending}
                onMode={setMode}
                onApprove={(comment) => void decide(focused, "approve", comment)}
                onSave={(comment) => saveEdit(focused as TPendingComment, comment)}
                onRegenerate={(prompt) => regenerate(focused as TPendingComment, prompt)}
                onReject={() => void decide(focused, "reject")}
              />
            ) : (
              <VoiceNoteDetail
                key={focused.id}
                draft={focused as TPendingVoiceNote}
                mode={mode as VoiceMode}
                busy={false}
                working={actions.voiceNotes.reRecord.isPending || actions.voiceNotes.uploadRecording.isPending}
                playerRef={player}
                onMode={setMode}
                onApprove={() => void decide(focused, "approve")}
                onReRecord={(script) => reRecord(focused as TPendingVoiceNote, script)}
                onUpload={(recording) => upload(focused as TPendingVoiceNote, recording)}
                onReject={() => void decide(focused, "reject")}
              />
            ))}
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-h-9 min-w-0 flex-1" aria-live="polite">
          {notice && (
            <div className="flex items-start gap-2" data-testid="approval-notice">
              <div className="min-w-0 flex-1">
                <Alert tone={notice.tone}>
                  {notice.text}
                  {notice.undo && (
                    <Button size="sm" variant="secondary" className="ml-2" onClick={undoReject}>
                      Undo
                    </Button>
                  )}
                </Alert>
              </div>
              <button type="button" aria-label="Dismiss" onClick={() => setNotice(null)} className="mt-1 rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700">
                <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
                  <path d="M5 5l10 10M15 5 5 15" strokeLinecap="round" />
                </svg>
              </button>
            </div>
          )}
        </div>
        <button
          type="button"
          onClick={() => setHelp(true)}
          className="hidden items-center gap-1.5 rounded-md px-2 py-1 text-xs text-slate-500 ring-1 ring-slate-200 hover:bg-slate-50 hover:text-slate-800 sm:inline-flex"
        >
          <kbd className="font-sans font-semibold">?</kbd> Keyboard shortcuts
        </button>
      </div>
      {body}
      {help && <KeyboardHelp onClose={() => setHelp(false)} />}
    </div>
  );
}
