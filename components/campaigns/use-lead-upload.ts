"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useTRPC, useTRPCClient } from "@/components/trpc/client";
import type { TSkippedLead } from "@/server/schemas/lead";
import { batches, type PreparedLead } from "./csv-mapping";

/** Leads per addLeads call: the API takes 1000, half keeps each transaction short. */
export const UPLOAD_BATCH_SIZE = 500;

export interface SkippedRow extends TSkippedLead {
  rowNumber: number;
}

export interface UploadState {
  phase: "idle" | "uploading" | "cancelling" | "done" | "cancelled" | "failed";
  total: number;
  sent: number;
  added: number;
  skipped: SkippedRow[];
  /** Why the upload stopped early (a failed batch). */
  error: string | null;
  /** Leads not imported because the upload stopped: the failed batch and every one after it. */
  unsent: PreparedLead[];
}

const IDLE: UploadState = { phase: "idle", total: 0, sent: 0, added: 0, skipped: [], error: null, unsent: [] };

/**
 * Sends prepared leads to a campaign in batches, one after the other. Cancelling takes effect
 * between batches, so every batch is either fully answered or never sent: the rows not imported
 * are always known exactly. A failed batch stops the upload.
 */
export function useLeadUpload(campaignId: string) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>(IDLE);
  const cancelled = useRef(false);

  const start = useCallback(
    /** With `resume`, continues a stopped upload: the counts so far are kept and the leads are its unsent rows. */
    async (leads: PreparedLead[], options: { resume?: boolean } = {}) => {
      cancelled.current = false;
      const parts = batches(leads, UPLOAD_BATCH_SIZE);
      let sent = options.resume ? state.sent : 0;
      setState((current) =>
        options.resume ? { ...current, phase: "uploading", error: null, unsent: [] } : { ...IDLE, phase: "uploading", total: leads.length },
      );
      try {
        for (const [index, batch] of parts.entries()) {
          if (cancelled.current) {
            setState((current) => ({ ...current, phase: "cancelled", unsent: parts.slice(index).flat() }));
            return;
          }
          let result;
          try {
            result = await client.campaigns.addLeads.mutate({ id: campaignId, leads: batch.map((row) => row.lead), source: "csv" });
          } catch (error) {
            const first = batch[0]!.rowNumber;
            const last = batch[batch.length - 1]!.rowNumber;
            const message = error instanceof Error ? error.message : "The request failed.";
            setState((current) => ({
              ...current,
              phase: "failed",
              error: `the batch of rows ${first}–${last} failed: ${message}`,
              unsent: parts.slice(index).flat(),
            }));
            return;
          }
          sent += batch.length;
          const skipped = result.skipped.map((skip) => ({ ...skip, rowNumber: batch[skip.index]!.rowNumber }));
          setState((current) => ({ ...current, sent, added: current.added + result.added, skipped: [...current.skipped, ...skipped] }));
        }
        setState((current) => ({ ...current, phase: "done" }));
      } finally {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.campaigns.leads.queryKey({ id: campaignId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.campaigns.get.queryKey({ id: campaignId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.campaigns.list.queryKey() }),
        ]);
      }
    },
    [campaignId, client, queryClient, trpc, state.sent],
  );

  const cancel = useCallback(() => {
    cancelled.current = true;
    setState((current) => (current.phase === "uploading" ? { ...current, phase: "cancelling" } : current));
  }, []);

  const reset = useCallback(() => setState(IDLE), []);

  return { state, start, cancel, reset };
}
