"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useTRPC, useTRPCClient } from "@/components/trpc/client";
import type { PreparedLead } from "./csv-mapping";
import { IDLE_UPLOAD, uploadInBatches, type UploadState } from "./upload-batches";

/** Uploads prepared leads to a campaign with uploadInBatches, as component state. */
export function useLeadUpload(campaignId: string) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>(IDLE_UPLOAD);
  const cancelled = useRef(false);

  const start = useCallback(
    /** With `resume`, continues the stopped upload: its counts are kept and `leads` are its unsent rows. */
    /** `fileName` is the CSV file's name: the leads' provenance names it (docs/privacy.md). */
    async (leads: PreparedLead[], options: { resume?: boolean; fileName?: string } = {}) => {
      cancelled.current = false;
      try {
        await uploadInBatches(leads, (batch) => client.campaigns.addLeads.mutate({ id: campaignId, leads: batch, source: "csv", fileName: options.fileName }), {
          onState: setState,
          isCancelled: () => cancelled.current,
          previous: options.resume ? state : undefined,
        });
      } finally {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.campaigns.leads.queryKey({ id: campaignId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.campaigns.get.queryKey({ id: campaignId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.campaigns.list.queryKey() }),
        ]);
      }
    },
    [campaignId, client, queryClient, trpc, state],
  );

  const cancel = useCallback(() => {
    cancelled.current = true;
    setState((current) => (current.phase === "uploading" ? { ...current, phase: "cancelling" } : current));
  }, []);

  const reset = useCallback(() => setState(IDLE_UPLOAD), []);

  return { state, start, cancel, reset };
}
