"use client";
// The Approvals page's third queue: per-lead AI lines of steps that ask for approval. Each line
// shows its lead, campaign, step and prompt; a person approves it as written or edited, or rejects
// it (the lead's step then takes its fallback). The lead's step goes out once its last line is decided.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TPendingAiLine } from "@/server/schemas/ai-lines";

const leadName = (line: TPendingAiLine) => [line.firstName, line.lastName].filter(Boolean).join(" ") || "A lead without a name";

export function AiLinesQueue({ campaignId }: { campaignId: string | null }) {
  const trpc = useTRPC();
  const lines = useQuery(trpc.approvals.aiLines.list.queryOptions({ limit: 50, offset: 0, ...(campaignId ? { campaignId } : {}) }));
  if (lines.isPending) return <p className="text-sm text-slate-500">Loading AI lines…</p>;
  if (lines.error) return <p className="text-sm text-red-600">{errorMessage(lines.error) ?? "The AI lines could not be loaded."}</p>;
  if (!lines.data.data.length) {
    return (
      <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500" data-testid="ai-lines-empty">
        No AI lines wait for approval. Steps that ask for approval put each lead’s lines here.
      </p>
    );
  }
  return (
    <ul className="space-y-3" data-testid="ai-lines-queue">
      {lines.data.data.map((line) => (
        <AiLineCard key={line.id} line={line} />
      ))}
    </ul>
  );
}

function AiLineCard({ line }: { line: TPendingAiLine }) {
  const trpc = useTRPC();
  const client = useQueryClient();
  const [value, setValue] = useState(line.value ?? "");
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: trpc.approvals.aiLines.list.queryKey() }), client.invalidateQueries({ queryKey: trpc.approvals.counts.queryKey() })]);
  const approve = useMutation(trpc.approvals.aiLines.approve.mutationOptions({ onSuccess: refresh }));
  const reject = useMutation(trpc.approvals.aiLines.reject.mutationOptions({ onSuccess: refresh }));
  const busy = approve.isPending || reject.isPending;
  const problem = approve.error ?? reject.error;
  const edited = value.trim() !== (line.value ?? "").trim();
  return (
    <li className="space-y-2 rounded-md border border-slate-200 bg-white p-4" data-testid="ai-line">
      <div>
        <p className="text-sm font-semibold text-slate-900">{leadName(line)}</p>
        <p className="text-xs text-slate-500">{[line.headline, line.company].filter(Boolean).join(" · ")}</p>
        <p className="text-xs text-slate-500">
          {line.campaignName} · {line.stepLabel} · <span className="font-mono">{`{{ai.${line.name}}}`}</span>
        </p>
      </div>
      <p className="text-xs text-slate-600">Asked: {line.prompt}</p>
      <label htmlFor={`ai-line-${line.id}`} className="sr-only">
        The line for {leadName(line)}
      </label>
      <textarea
        id={`ai-line-${line.id}`}
        rows={2}
        className="block w-full rounded-md border-0 px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-500"
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      {problem && (
        <p className="text-xs text-red-600" role="alert">
          {errorMessage(problem)}
        </p>
      )}
      <div className="flex gap-2">
        <Button size="sm" disabled={busy || !value.trim()} onClick={() => approve.mutate({ id: line.id, ...(edited ? { value: value.trim() } : {}) })}>
          {edited ? "Approve edited line" : "Approve"}
        </Button>
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => reject.mutate({ id: line.id })}>
          Reject (use the fallback)
        </Button>
      </div>
    </li>
  );
}
