"use client";
import { Alert } from "@/components/ui/alert";
import type { TSkippedLead } from "@/server/schemas/lead";
import { rowRanges, type RejectedRow } from "./csv-mapping";
import type { UploadState } from "./upload-batches";
import { plural } from "@/components/ui/plural";

const REASONS: Record<TSkippedLead["reason"], string> = {
  duplicate: "Named twice in the file",
  "already-in-campaign": "Already in this campaign",
  "already-in-list": "Already in the list",
  "excluded-list": "On one of the campaign's exclusion lists",
  "contacted-by-other-sender": "Already contacted by a sender outside the pool",
};

const PHASE_LABELS: Record<UploadState["phase"], string> = {
  idle: "Ready",
  uploading: "Importing…",
  cancelling: "Stopping after the current batch…",
  done: "Import finished",
  cancelled: "Import cancelled",
  failed: "Import stopped",
};

/** Progress of an upload (rows sent of all, added, skipped by reason) and, once over, its summary. */
export function CsvUploadProgress({ state, rejected }: { state: UploadState; rejected: RejectedRow[] }) {
  const ratio = state.total ? state.sent / state.total : 1;
  const byReason = new Map<TSkippedLead["reason"], number>();
  for (const skip of state.skipped) byReason.set(skip.reason, (byReason.get(skip.reason) ?? 0) + 1);
  return (
    <div className="space-y-4">
      <div>
        <div className="mb-1 flex items-baseline justify-between text-sm">
          <span id="csv-progress-label" className="font-medium text-slate-800">
            {PHASE_LABELS[state.phase]}
          </span>
          <span data-testid="csv-progress-text" className="text-slate-600 tabular-nums">
            {state.sent} of {plural(state.total, "row")} sent ({Math.round(ratio * 100)}%)
          </span>
        </div>
        <div
          role="progressbar"
          aria-labelledby="csv-progress-label"
          aria-valuemin={0}
          aria-valuemax={state.total}
          aria-valuenow={state.sent}
          aria-valuetext={`${state.sent} of ${plural(state.total, "row")} sent`}
          className="h-2.5 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className={`h-full rounded-full transition-[width] duration-300 ${state.phase === "failed" ? "bg-red-500" : "bg-brand-600"}`}
            style={{ width: `${ratio * 100}%` }}
          />
        </div>
      </div>

      <dl className="grid grid-cols-3 gap-3 text-center" aria-live="polite">
        <div className="rounded-md bg-emerald-50 px-3 py-2">
          <dt className="text-xs text-emerald-800">Added</dt>
          <dd data-testid="csv-added" className="text-xl font-semibold text-emerald-900 tabular-nums">
            {state.added}
          </dd>
        </div>
        <div className="rounded-md bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-600">Skipped by Herald</dt>
          <dd data-testid="csv-skipped" className="text-xl font-semibold text-slate-900 tabular-nums">
            {state.skipped.length}
          </dd>
        </div>
        <div className="rounded-md bg-amber-50 px-3 py-2">
          <dt className="text-xs text-amber-800">Not sent (invalid rows)</dt>
          <dd className="text-xl font-semibold text-amber-900 tabular-nums">{rejected.length}</dd>
        </div>
      </dl>

      {byReason.size > 0 && (
        <ul className="space-y-0.5 text-sm text-slate-600">
          {[...byReason].map(([reason, count]) => (
            <li key={reason}>
              <span className="font-medium text-slate-800 tabular-nums">{count}</span> skipped: {REASONS[reason]}
            </li>
          ))}
        </ul>
      )}

      {state.phase === "failed" && (
        <Alert tone="error">
          <p className="font-medium">The import stopped: {state.error}</p>
          <p className="mt-1">
            Not imported: {plural(state.unsent.length, "row")} ({rowRanges(state.unsent.map((row) => row.rowNumber))}). Everything
            before them was imported. If the connection dropped, some of them may have arrived: retrying skips leads already in the campaign.
          </p>
        </Alert>
      )}
      {state.phase === "cancelled" && (
        <Alert tone="warning">
          Import cancelled. Not imported: {plural(state.unsent.length, "row")} ({rowRanges(state.unsent.map((row) => row.rowNumber))}).
        </Alert>
      )}
      {state.phase === "done" && (
        <Alert tone="success">
          <span data-testid="csv-summary">
            Import complete: {plural(state.added, "lead")} added
            {state.skipped.length ? `, ${state.skipped.length} skipped` : ""}
            {rejected.length ? `, ${rejected.length} invalid row${rejected.length === 1 ? "" : "s"} not sent` : ""}.
          </span>
        </Alert>
      )}

      {rejected.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-slate-700">
            Show the {rejected.length === 1 ? "invalid row" : `${rejected.length} invalid rows`}
          </summary>
          <ul className="mt-2 max-h-60 divide-y divide-slate-100 overflow-y-auto rounded-md ring-1 ring-slate-200">
            {rejected.map((row) => (
              <li key={row.rowNumber} className="flex gap-3 px-3 py-1.5">
                <span className="w-16 shrink-0 text-slate-400 tabular-nums">Row {row.rowNumber}</span>
                <span className="min-w-0 flex-1 text-slate-600">{row.reason}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {state.skipped.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-slate-700">
            Show the {state.skipped.length === 1 ? "skipped row" : `${state.skipped.length} skipped rows`}
          </summary>
          <ul className="mt-2 max-h-60 divide-y divide-slate-100 overflow-y-auto rounded-md ring-1 ring-slate-200">
            {state.skipped.map((skip) => (
              <li key={`${skip.rowNumber}-${skip.reason}`} className="flex gap-3 px-3 py-1.5">
                <span className="w-16 shrink-0 text-slate-400 tabular-nums">Row {skip.rowNumber}</span>
                <span className="min-w-0 flex-1 truncate text-slate-700">{skip.profileUrl ?? skip.email}</span>
                <span className="shrink-0 text-slate-500">{skip.message}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
