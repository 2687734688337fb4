"use client";
// The editor's state: the draft, the last saved sequence, and the edits between them. Structural
// edits of saved steps are refused while leads are in progress, as the API would refuse them.
import { useCallback, useMemo, useState } from "react";
import type { StepType, WiredSequence } from "@/server/schemas/sequence";
import { addStep, moveSubtree, removeSubtree, retypeStep, updateStep } from "./operations";
import { draftSignature } from "./sequence-input";
import type { EditorStep, Slot } from "./tree";

export interface SequenceDraft {
  steps: EditorStep[];
  saved: WiredSequence;
  dirty: boolean;
  /** Saved steps that leads may be on: no delete, move or retype. */
  lockedIds: ReadonlySet<string>;
  add(slot: Slot, type: StepType): EditorStep | null;
  remove(id: string): void;
  change(id: string, change: (step: EditorStep) => EditorStep): void;
  retype(id: string, type: StepType): boolean;
  move(id: string, slot: Slot): boolean;
  /** The server accepted a save of `sent`: it becomes the saved sequence (and the draft, unless edited since). */
  markSaved(sent: readonly EditorStep[], result: EditorStep[]): void;
  discard(): void;
}

export function useSequenceDraft(initial: EditorStep[], leadsInProgress: boolean): SequenceDraft {
  const [saved, setSaved] = useState<WiredSequence>(() => ({ steps: initial }));
  const [steps, setSteps] = useState<EditorStep[]>(initial);
  const savedSignature = useMemo(() => draftSignature(saved.steps), [saved]);
  const dirty = useMemo(() => draftSignature(steps) !== savedSignature, [steps, savedSignature]);
  const lockedIds = useMemo(() => new Set(leadsInProgress ? saved.steps.map((step) => step.id) : []), [leadsInProgress, saved]);

  const add = useCallback(
    (slot: Slot, type: StepType) => {
      const result = addStep(steps, slot, type);
      if (result) setSteps(result.steps);
      return result?.step ?? null;
    },
    [steps],
  );
  const remove = useCallback(
    (id: string) => {
      // Below an unsaved step there are only unsaved steps: removing it never removes a locked one.
      if (lockedIds.has(id)) return;
      setSteps((current) => removeSubtree(current, id));
    },
    [lockedIds],
  );
  const change = useCallback((id: string, edit: (step: EditorStep) => EditorStep) => setSteps((current) => updateStep(current, id, edit)), []);
  const retype = useCallback(
    (id: string, type: StepType) => {
      if (lockedIds.has(id)) return false;
      const next = retypeStep(steps, id, type);
      if (next) setSteps(next);
      return next !== null;
    },
    [steps, lockedIds],
  );
  const move = useCallback(
    (id: string, slot: Slot) => {
      if (lockedIds.has(id)) return false;
      const next = moveSubtree(steps, id, slot);
      if (next) setSteps(next);
      return next !== null;
    },
    [steps, lockedIds],
  );
  const markSaved = useCallback((sent: readonly EditorStep[], result: EditorStep[]) => {
    setSaved({ steps: result });
    setSteps((current) => (draftSignature(current) === draftSignature(sent) ? result : current));
  }, []);
  const discard = useCallback(() => setSteps(saved.steps), [saved]);

  return { steps, saved, dirty, lockedIds, add, remove, change, retype, move, markSaved, discard };
}
