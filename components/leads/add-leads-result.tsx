import { Alert } from "@/components/ui/alert";
import type { TSkippedLead } from "@/server/schemas/lead";

export interface AddLeadsSummary {
  added: number;
  alreadyThere: number;
  /** Skipped for another reason than being there already, with the pasted line when known. */
  skipped: Array<{ line: number | null; who: string; message: string }>;
  notRecognized: number;
}

const ALREADY: ReadonlySet<TSkippedLead["reason"]> = new Set(["already-in-campaign", "already-in-list"]);

/** Folds the add-leads answers of every batch into what the summary shows. */
export function summarize(batches: Array<{ result: { added: number; skipped: TSkippedLead[] }; lines: Array<number | null> }>, notRecognized: number): AddLeadsSummary {
  const summary: AddLeadsSummary = { added: 0, alreadyThere: 0, skipped: [], notRecognized };
  for (const { result, lines } of batches) {
    summary.added += result.added;
    for (const skip of result.skipped) {
      if (ALREADY.has(skip.reason)) summary.alreadyThere += 1;
      else summary.skipped.push({ line: lines[skip.index] ?? null, who: skip.profileUrl ?? skip.email ?? "A lead", message: skip.message });
    }
  }
  return summary;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function AddLeadsResult({ summary, target }: { summary: AddLeadsSummary; target: "campaign" | "list" }) {
  return (
    <div className="space-y-3" data-testid="add-leads-result" aria-live="polite">
      <Alert tone={summary.added ? "success" : "info"}>
        {plural(summary.added, "lead", "leads")} added
        {summary.alreadyThere ? `, ${plural(summary.alreadyThere, "was", "were")} already in this ${target}` : ""}
        {summary.skipped.length ? `, ${summary.skipped.length} skipped` : ""}
        {summary.notRecognized ? `, ${plural(summary.notRecognized, "line", "lines")} not recognized` : ""}.
      </Alert>
      {summary.skipped.length > 0 && (
        <ul className="max-h-48 space-y-1 overflow-y-auto text-sm text-slate-700">
          {summary.skipped.map((skip, index) => (
            <li key={index} className="break-words">
              {skip.line ? <span className="text-slate-500">Line {skip.line}: </span> : null}
              <span className="font-medium">{skip.who}</span> — {skip.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
