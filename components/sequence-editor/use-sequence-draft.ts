"use client";
// The editor's state: the draft with its undo history, the last saved sequence, and the edits
// between them. Structural edits of saved steps are refused while leads are in progress, as the
// API would refuse them.
import { useCallback, useMemo, useState } from "react";
import type { StepType, WiredSequence } from "@/server/schemas/sequence";
import { canRedo, canUndo, changedPaths, clearHistory, record, redo as redoHistory, replacePresent, startHistory, undo as undoHistory, type History } from "./history";
import { addStep, moveSubtree, removeSubtree, retypeStep, updateStep } from "./operations";
import { draftSignature } from "./sequence-input";
import type { EditorStep, Slot } from "./tree";

export interface SequenceDraft {
  steps: EditorStep[];
  saved: WiredSequence;
  dirty: boolean;
  /** Saved steps that leads may be on: no delete, move or retype. */
  lockedIds: ReadonlySet<string>;
  canUndo: boolean;
  canRedo: boolean;
  add(slot: Slot, type: StepType): EditorStep | null;
  remove(id: string): void;
  change(id: string, change: (step: EditorStep) => EditorStep): void;
  retype(id: string, type: StepType): boolean;
  move(id: string, slot: Slot): boolean;
  undo(): void;
  redo(): void;
  /** The server accepted a save of `sent`: it becomes the saved sequence (and the draft, unless edited since). */
  markSaved(sent: readonly EditorStep[], result: EditorStep[]): void;
  discard(): void;
}

/** Field edits of one step coalesce per field while typing; what changed names the entry. */
function fieldKey(steps: readonly EditorStep[], next: readonly EditorStep[], id: string): string | null {
  const before = steps.find((step) => step.id === id);
  const after = next.find((step) => step.id === id);
  return before && after ? `step:${id}:${changedPaths(before, after).join(",")}` : null;
}

export function useSequenceDraft(initial: EditorStep[], leadsInProgress: boolean): SequenceDraft {
  const [saved, setSaved] = useState<WiredSequence>(() => ({ steps: initial }));
  const [history, setHistory] = useState<History<EditorStep[]>>(() => startHistory(initial));
  const steps = history.present;
  const savedSignature = useMemo(() => draftSignature(saved.steps), [saved]);
  const dirty = useMemo(() => draftSignature(steps) !== savedSignature, [steps, savedSignature]);
  const lockedIds = useMemo(() => new Set(leadsInProgress ? saved.steps.map((step) => step.id) : []), [leadsInProgress, saved]);

  const commit = useCallback((next: EditorStep[], key: string | null = null) => {
    setHistory((current) => record(current, next, { key, at: performance.now() }));
  }, []);

  const add = useCallback(
    (slot: Slot, type: StepType) => {
      const result = addStep(steps, slot, type);
      if (result) commit(result.steps);
      return result?.step ?? null;
    },
    [steps, commit],
  );
  const remove = useCallback(
    (id: string) => {
      // Below an unsaved step there are only unsaved steps: removing it never removes a locked one.
      if (lockedIds.has(id)) return;
      setHistory((current) => record(current, removeSubtree(current.present, id), { at: performance.now() }));
    },
    [lockedIds],
  );
  const change = useCallback((id: string, edit: (step: EditorStep) => EditorStep) => {
    setHistory((current) => {
      const next = updateStep(current.present, id, edit);
      const key = fieldKey(current.present, next, id);
      // An edit that changes nothing (a field set to its own value) is no entry to undo.
      if (key === `step:${id}:`) return current;
      return record(current, next, { key, at: performance.now() });
    });
  }, []);
  const retype = useCallback(
    (id: string, type: StepType) => {
      if (lockedIds.has(id)) return false;
      const next = retypeStep(steps, id, type);
      if (next) commit(next);
      return next !== null;
    },
    [steps, lockedIds, commit],
  );
  const move = useCallback(
    (id: string, slot: Slot) => {
      if (lockedIds.has(id)) return false;
      const next = moveSubtree(steps, id, slot);
      if (next) commit(next);
      return next !== null;
    },
    [steps, lockedIds, commit],
  );
  const undo = useCallback(() => setHistory(undoHistory), []);
  const redo = useCallback(() => setHistory(redoHistory), []);
  const markSaved = useCallback(
    (sent: readonly EditorStep[], result: EditorStep[]) => {
      setSaved({ steps: result });
      setHistory((current) => {
        const next = draftSignature(current.present) === draftSignature(sent) ? replacePresent(current, result) : current;
        // With leads in progress the saved steps are now locked: undoing past the save would
        // remove or move them, which the API refuses. Undo starts over from the saved sequence.
        return leadsInProgress ? clearHistory(next) : next;
      });
    },
    [leadsInProgress],
  );
  const discard = useCallback(() => commit(saved.steps), [saved, commit]);

  return {
    steps,
    saved,
    dirty,
    lockedIds,
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    add,
    remove,
    change,
    retype,
    move,
    undo,
    redo,
    markSaved,
    discard,
  };
}
