"use client";
// The sync log, newest first: what each sync, import and connect did, errors in plain words.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format";
import { errorMessage } from "@/components/ui/trpc-error";

const KIND_WORDS = { push: "Push", pull: "Pull", import: "Import", connect: "Connection" } as const;
const OUTCOME_TONES = { ok: "green", error: "red", skipped: "amber" } as const;

export function CrmSyncLog({ connectionId }: { connectionId: string }) {
  const trpc = useTRPC();
  const log = useQuery(trpc.crm.log.queryOptions({ id: connectionId, limit: 50, offset: 0 }));
  return (
    <section className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-900">Sync log</h3>
      {log.isPending && <p className="text-sm text-slate-500">Loading…</p>}
      {log.error && <Alert tone="error">{errorMessage(log.error)}</Alert>}
      {log.data?.length === 0 && <p className="text-sm text-slate-500">Nothing yet: the first sync runs within 5 minutes, or press Sync now.</p>}
      {log.data && log.data.length > 0 && (
        <ol className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200">
          {log.data.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-1 px-3 py-2 text-sm sm:flex-row sm:items-start sm:gap-3">
              <span className="shrink-0 text-xs text-slate-500 sm:w-36">{formatDateTime(entry.at)}</span>
              <span className="shrink-0">
                <Badge tone={OUTCOME_TONES[entry.outcome]}>{KIND_WORDS[entry.kind]}</Badge>
              </span>
              <span className={entry.outcome === "error" ? "text-red-700" : "text-slate-700"}>{entry.message}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
