import { describe, expect, it, vi } from "vitest";
import type { TLeadInput } from "@/server/schemas/lead";
import type { PreparedLead } from "./csv-mapping";
import { uploadInBatches, type SendBatch, type UploadState } from "./upload-batches";

/** Leads of spreadsheet rows 2…n+1. */
function rows(count: number): PreparedLead[] {
  return Array.from({ length: count }, (_, index) => ({ rowNumber: index + 2, lead: { email: `lead${index + 2}@example.com` } }));
}

/** A fake addLeads: adds every lead, but skips the ones named in `duplicates` (by e-mail). */
function server(duplicates: string[] = []): SendBatch & { calls: TLeadInput[][] } {
  const calls: TLeadInput[][] = [];
  const send = async (leads: TLeadInput[]) => {
    calls.push(leads);
    const skipped = leads.flatMap((lead, index) =>
      duplicates.includes(lead.email!) ? [{ index, profileUrl: null, email: lead.email!, reason: "duplicate" as const, message: "The same person appears earlier in this request" }] : [],
    );
    return { added: leads.length - skipped.length, skipped };
  };
  return Object.assign(send, { calls });
}

describe("uploadInBatches", () => {
  it("sends batches of at most 500 in order and counts added and skipped rows by their row number", async () => {
    const send = server(["lead700@example.com"]);
    const states: UploadState[] = [];
    const final = await uploadInBatches(rows(1100), send, { onState: (state) => states.push(state), isCancelled: () => false });
    expect(send.calls.map((batch) => batch.length)).toEqual([500, 500, 100]);
    expect(send.calls[1]![0]).toEqual({ email: "lead502@example.com" });
    expect(final).toMatchObject({ phase: "done", total: 1100, sent: 1100, added: 1099, unsent: [], error: null });
    expect(final.skipped).toEqual([expect.objectContaining({ rowNumber: 700, reason: "duplicate" })]);
    expect(states.map((state) => [state.phase, state.sent])).toEqual([
      ["uploading", 0],
      ["uploading", 500],
      ["uploading", 1000],
      ["uploading", 1100],
      ["done", 1100],
    ]);
  });

  it("stops at a failed batch and names every row not imported: that batch and all after it", async () => {
    let call = 0;
    const send: SendBatch = async (leads) => {
      if (++call === 2) throw new Error("Network error");
      return { added: leads.length, skipped: [] };
    };
    const final = await uploadInBatches(rows(1100), send, { onState: () => {}, isCancelled: () => false });
    expect(call).toBe(2);
    expect(final.phase).toBe("failed");
    expect(final.error).toBe("the batch of rows 502–1001 failed: Network error");
    expect(final.sent).toBe(500);
    expect(final.added).toBe(500);
    expect(final.unsent.map((row) => row.rowNumber)).toEqual(Array.from({ length: 600 }, (_, index) => index + 502));
  });

  it("cancels between batches: the batch under way completes, nothing after it is sent", async () => {
    const send = server();
    let cancelled = false;
    const final = await uploadInBatches(rows(1100), async (leads) => {
      cancelled = true; // The person cancels while this batch is on its way.
      return send(leads);
    }, { onState: () => {}, isCancelled: () => cancelled });
    expect(send.calls).toHaveLength(1);
    expect(final).toMatchObject({ phase: "cancelled", sent: 500, added: 500 });
    expect(final.unsent).toHaveLength(600);
    expect(final.unsent[0]!.rowNumber).toBe(502);
  });

  it("resumes a stopped upload with its unsent rows, keeping the counts so far", async () => {
    const stopped: UploadState = {
      phase: "failed",
      total: 1100,
      sent: 500,
      added: 498,
      skipped: [{ index: 3, rowNumber: 5, profileUrl: null, email: "x@example.com", reason: "already-in-campaign", message: "The lead is already in this campaign" }],
      error: "the batch of rows 502–1001 failed: Network error",
      unsent: rows(1100).slice(500),
    };
    const onState = vi.fn();
    const final = await uploadInBatches(stopped.unsent, server(), { onState, isCancelled: () => false, previous: stopped });
    expect(final).toMatchObject({ phase: "done", total: 1100, sent: 1100, added: 1098, error: null, unsent: [] });
    expect(final.skipped).toHaveLength(1);
    expect(onState.mock.calls[0]![0]).toMatchObject({ phase: "uploading", sent: 500, error: null });
  });
});
