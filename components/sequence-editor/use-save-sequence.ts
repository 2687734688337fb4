"use client";
// Saving the draft through campaigns.update (the rules of PATCH /campaigns/{id}): checked in the
// browser first with the same rules, and a refusal kept with the draft it was about, so its
// problems show on the steps until that draft changes. Ctrl+S (or Cmd+S) saves.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { errorMessage } from "@/components/ui/trpc-error";
import { fieldsOfError, placeIssues, validateDraft, type SequenceIssues } from "./issues";
import { draftSignature, fromStoredSequence, toSequenceInput } from "./sequence-input";
import { preorder } from "./tree";
import type { SequenceDraft } from "./use-sequence-draft";

export interface Refusal {
  /** The draft the server refused, as draftSignature gives it. */
  signature: string;
  issues: SequenceIssues;
  message: string;
}

export interface SequenceSaver {
  save(): void;
  saving: boolean;
  savedAt: Date | null;
  /** A save was asked for since the last success: show what stands in its way. */
  attempted: boolean;
  refusal: Refusal | null;
  reset(): void;
}

export function useSaveSequence(campaignId: string, draft: SequenceDraft, onInvalid: (stepId: string) => void): SequenceSaver {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mutation = useMutation(trpc.campaigns.update.mutationOptions());
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [savedAt, setSavedAt] = useState<Date | null>(null);

  const save = useCallback(() => {
    setAttempted(true);
    if (!draft.dirty || mutation.isPending) return;
    const check = validateDraft(draft.steps, draft.saved);
    if (!check.wired) {
      const first = preorder(draft.steps).find((step) => check.issues.byStep.get(step.id)?.length);
      if (first) onInvalid(first.id);
      return;
    }
    const sent = draft.steps;
    mutation.mutate(
      { id: campaignId, changes: { sequence: toSequenceInput(sent) } },
      {
        onSuccess: (updated) => {
          draft.markSaved(sent, fromStoredSequence(updated.sequence));
          queryClient.setQueryData(trpc.campaigns.get.queryKey({ id: campaignId }), updated);
          setRefusal(null);
          setAttempted(false);
          setSavedAt(new Date());
        },
        onError: (error) => {
          setRefusal({
            signature: draftSignature(sent),
            issues: placeIssues(fieldsOfError(error) ?? [], sent),
            message: errorMessage(error) ?? "The sequence was not saved.",
          });
        },
      },
    );
  }, [draft, mutation, campaignId, queryClient, trpc, onInvalid]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        save();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [save]);

  const reset = useCallback(() => {
    setRefusal(null);
    setAttempted(false);
  }, []);

  return { save, saving: mutation.isPending, savedAt, attempted, refusal, reset };
}
