"use client";
// The Approvals page's agent actions: writes AI agents asked for with an AI agent's API key (over
// Herald's MCP server or the REST API) while the workspace requires approval of them
// (docs/agent-approvals.md). Each shows what it would do in
// words, the API key that asked, when, and the operation with its input (collapsed); admins and
// owners approve (it runs then, as the key) or reject it; members see the queue read-only. The
// decided ones below show what came of them, and the one just decided says so above the queue (its
// card leaves the pending list at once).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useWorkspaceRole } from "@/components/shell/workspace-role";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TPendingAgentWriteDetail } from "@/server/schemas/agent-writes";

const when = (iso: string) => new Date(iso).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" });

function outcome(write: TPendingAgentWriteDetail): string | null {
  if (write.status === "pending") return null;
  const by = write.decidedBy ? ` by ${write.decidedBy}` : "";
  if (write.status === "rejected") return `Rejected${by}; it did not run.`;
  if (write.status === "approved") return `Approved${by}; it ran.`;
  const body = write.result?.body as { error?: { message?: string } } | undefined;
  return `Approved${by}, but it failed: ${body?.error?.message ?? "the action was refused."}`;
}

/**
 * What the request carries, for the collapsed block: its body, and its query when it has one. The
 * path's ids are in the line above already; an empty wrapper of params and query is no help to read.
 */
function sentInput(input: TPendingAgentWriteDetail["input"]): string {
  const query = Object.entries(input.query);
  const body = input.body === undefined ? "No content." : JSON.stringify(input.body, null, 2);
  return query.length ? `${body}\n\nQuery: ${query.map(([name, value]) => `${name}=${value}`).join(", ")}` : body;
}

export function AgentWritesQueue() {
  const trpc = useTRPC();
  const [showDecided, setShowDecided] = useState(false);
  const [justDecided, setJustDecided] = useState<TPendingAgentWriteDetail | null>(null);
  const pending = useQuery(trpc.approvals.agentWrites.list.queryOptions({ limit: 50, offset: 0, status: "pending" }));
  const decided = useQuery({ ...trpc.approvals.agentWrites.list.queryOptions({ limit: 20, offset: 0, status: "decided" }), enabled: showDecided });
  if (pending.isPending) return <p className="text-sm text-slate-500">Loading agent actions…</p>;
  if (pending.error) return <p className="text-sm text-red-600">{errorMessage(pending.error) ?? "The agent actions could not be loaded."}</p>;
  return (
    <div className="space-y-4">
      {justDecided && (
        <p role="status" className={`rounded-md border p-3 text-sm ${justDecided.status === "failed" ? "border-red-200 bg-red-50 text-red-700" : "border-slate-200 bg-slate-50 text-slate-700"}`} data-testid="agent-write-decided">
          <span className="font-medium break-words">{justDecided.summary}</span> — {outcome(justDecided)}
        </p>
      )}
      {pending.data.data.length ? (
        <ul className="space-y-3" data-testid="agent-writes-queue">
          {pending.data.data.map((write) => (
            <AgentWriteCard key={write.id} write={write} onDecided={setJustDecided} />
          ))}
        </ul>
      ) : (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500" data-testid="agent-writes-empty">
          No agent actions wait for approval. While &ldquo;AI agents&apos; changes wait for approval&rdquo; is on in Settings → Workspace, the changes an AI agent&apos;s API key asks
          for (over Herald&apos;s MCP server or the REST API) wait here.
        </p>
      )}
      <button type="button" className="text-xs font-medium text-brand-700 hover:underline" onClick={() => setShowDecided((shown) => !shown)} aria-expanded={showDecided}>
        {showDecided ? "Hide decided actions" : "Show decided actions"}
      </button>
      {showDecided && decided.isPending && <p className="text-sm text-slate-500">Loading decided actions…</p>}
      {showDecided && decided.error && <p className="text-sm text-red-600">{errorMessage(decided.error) ?? "The decided actions could not be loaded."}</p>}
      {showDecided && decided.data && (
        <ul className="space-y-3" data-testid="agent-writes-decided">
          {decided.data.data.length ? decided.data.data.map((write) => <AgentWriteCard key={write.id} write={write} />) : <li className="text-sm text-slate-500">Nothing decided yet.</li>}
        </ul>
      )}
    </div>
  );
}

function AgentWriteCard({ write, onDecided }: { write: TPendingAgentWriteDetail; onDecided?: (write: TPendingAgentWriteDetail) => void }) {
  const trpc = useTRPC();
  const client = useQueryClient();
  const role = useWorkspaceRole();
  const mayDecide = role === "owner" || role === "admin";
  const refresh = (decidedWrite: TPendingAgentWriteDetail) => {
    onDecided?.(decidedWrite);
    return Promise.all([client.invalidateQueries({ queryKey: trpc.approvals.agentWrites.list.queryKey() }), client.invalidateQueries({ queryKey: trpc.approvals.counts.queryKey() })]);
  };
  const approve = useMutation(trpc.approvals.agentWrites.approve.mutationOptions({ onSuccess: refresh }));
  const reject = useMutation(trpc.approvals.agentWrites.reject.mutationOptions({ onSuccess: refresh }));
  const busy = approve.isPending || reject.isPending;
  const problem = approve.error ?? reject.error;
  const result = outcome(write);
  return (
    <li className="space-y-2 rounded-md border border-slate-200 bg-white p-4" data-testid="agent-write">
      <div>
        <p className="text-sm font-semibold break-words text-slate-900">{write.summary}</p>
        <p className="text-xs text-slate-500">
          Asked by the API key “{write.requestedBy}” · {when(write.createdAt)}
        </p>
      </div>
      <details className="text-xs text-slate-600">
        <summary className="cursor-pointer break-all select-none">
          What it sends: {write.method} {write.path}
        </summary>
        <pre className="mt-2 max-h-64 overflow-auto rounded bg-slate-50 p-2 text-[11px] break-words whitespace-pre-wrap">{sentInput(write.input)}</pre>
      </details>
      {result && (
        <p className={`text-xs ${write.status === "failed" ? "text-red-600" : "text-slate-600"}`} data-testid="agent-write-outcome">
          {result}
        </p>
      )}
      {problem && (
        <p className="text-xs text-red-600" role="alert">
          {errorMessage(problem)}
        </p>
      )}
      {write.status === "pending" &&
        (mayDecide ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={busy} onClick={() => approve.mutate({ id: write.id })}>
              {approve.isPending ? "Running…" : "Approve and run"}
            </Button>
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => reject.mutate({ id: write.id })}>
              Reject
            </Button>
          </div>
        ) : (
          <p className="text-xs text-slate-500">An admin or owner decides agents&apos; actions.</p>
        ))}
    </li>
  );
}
