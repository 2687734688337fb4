// The CSV upload's loop, free of React and tRPC so that its promise (no lead is ever lost track of)
// is tested directly: batches go one after the other, cancelling takes effect between batches,
// and a failed batch stops the upload with the rows not imported named exactly.
import type { TLeadInput, TSkippedLead } from "@/server/schemas/lead";
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

export const IDLE_UPLOAD: UploadState = { phase: "idle", total: 0, sent: 0, added: 0, skipped: [], error: null, unsent: [] };

export type SendBatch = (leads: TLeadInput[]) => Promise<{ added: number; skipped: TSkippedLead[] }>;

/**
 * Sends the leads in batches and reports every new state. With `previous` (a cancelled or failed
 * upload whose unsent rows are `leads`), it continues that upload: its counts are kept.
 */
export async function uploadInBatches(
  leads: PreparedLead[],
  send: SendBatch,
  options: { onState: (state: UploadState) => void; isCancelled: () => boolean; previous?: UploadState; batchSize?: number },
): Promise<UploadState> {
  const parts = batches(leads, options.batchSize ?? UPLOAD_BATCH_SIZE);
  let state: UploadState = options.previous
    ? { ...options.previous, phase: "uploading", error: null, unsent: [] }
    : { ...IDLE_UPLOAD, phase: "uploading", total: leads.length };
  const report = (next: UploadState) => {
    state = next;
    options.onState(state);
    return state;
  };
  report(state);
  for (const [index, batch] of parts.entries()) {
    if (options.isCancelled()) return report({ ...state, phase: "cancelled", unsent: parts.slice(index).flat() });
    let result: Awaited<ReturnType<SendBatch>>;
    try {
      result = await send(batch.map((row) => row.lead));
    } catch (error) {
      const message = error instanceof Error ? error.message : "The request failed.";
      return report({
        ...state,
        phase: "failed",
        error: `the batch of rows ${batch[0]!.rowNumber}–${batch[batch.length - 1]!.rowNumber} failed: ${message}`,
        unsent: parts.slice(index).flat(),
      });
    }
    const skipped = result.skipped.map((skip) => ({ ...skip, rowNumber: batch[skip.index]!.rowNumber }));
    report({ ...state, sent: state.sent + batch.length, added: state.added + result.added, skipped: [...state.skipped, ...skipped] });
  }
  return report({ ...state, phase: "done" });
}
