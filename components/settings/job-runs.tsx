"use client";
import { useQuery } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Pager } from "@/components/ui/pager";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { triggerWords, waitWords } from "./job-words";

const PAGE = 25;
const tones: Record<string, BadgeTone> = { completed: "green", failed: "red", cancelled: "slate", running: "blue", queued: "amber", waiting: "amber" };
type Status = "queued" | "running" | "waiting" | "completed" | "failed" | "cancelled";

function errorText(error: unknown): string | null {
  if (!error) return null;
  if (typeof error === "object" && error && "message" in error) return String((error as { message: unknown }).message);
  return JSON.stringify(error);
}

export function JobRuns() {
  const trpc = useTRPC();
  const [status, setStatus] = useState<Status | undefined>();
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const runs = useQuery({ ...trpc.jobs.runs.queryOptions({ status, limit: PAGE, offset }), refetchInterval: 3_000 });
  if (runs.data && !runs.data.embedded && runs.data.total === 0) {
    return (
      <Card title="Background jobs">
        <p className="text-sm text-slate-600">
          This installation runs its background jobs on an Inngest server (Inngest Cloud or your own, set by the INNGEST_* variables).
          Runs, steps and errors are in that server&apos;s dashboard.
        </p>
      </Card>
    );
  }
  return (
    <Card
      title="Background jobs"
      description="Recent runs of Herald's background functions (webhook deliveries, dispatch, housekeeping) on the embedded executor, with their steps, attempts and errors."
      actions={
        <Select
          aria-label="Status"
          className="w-auto"
          value={status ?? ""}
          onChange={(event) => {
            setOffset(0);
            setStatus((event.target.value || undefined) as Status | undefined);
          }}
        >
          <option value="">Any status</option>
          {Object.keys(tones).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      }
    >
      {runs.isPending ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : !runs.data?.runs.length ? (
        <p className="text-sm text-slate-500">No runs{status ? ` with status ${status}` : " yet"}.</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-slate-500 uppercase">
                <tr>
                  <th className="py-2 font-medium">Started</th>
                  <th className="py-2 font-medium">Function</th>
                  <th className="py-2 font-medium">Trigger</th>
                  <th className="py-2 font-medium">Status</th>
                  <th className="py-2 font-medium">Steps</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {runs.data.runs.map((run) => (
                  <Fragment key={run.id}>
                    <tr
                      data-testid="job-run"
                      tabIndex={0}
                      className="cursor-pointer hover:bg-slate-50"
                      onClick={() => setOpen(open === run.id ? null : run.id)}
                      onKeyDown={(event) => event.key === "Enter" && setOpen(open === run.id ? null : run.id)}
                    >
                      <td className="py-2 text-slate-500">{formatDateTime(run.createdAt)}</td>
                      <td className="py-2 font-medium text-slate-800">{run.functionName}</td>
                      <td className="py-2 text-slate-700" title={run.eventName}>
                        {triggerWords(run.eventName)}
                      </td>
                      <td className="py-2">
                        <Badge tone={tones[run.status]}>{run.status}</Badge>
                        {run.waitingFor && <span className="block text-xs text-slate-500">{waitWords(run.waitingFor)}</span>}
                        {run.status === "failed" && <span className="ml-2 text-xs text-red-700">{errorText(run.error)}</span>}
                      </td>
                      <td className="py-2">{run.steps.filter((step) => step.op !== "Completed").length}</td>
                    </tr>
                    {open === run.id && (
                      <tr>
                        <td colSpan={5} className="bg-slate-50 p-3">
                          <p className="mb-2 text-xs text-slate-500">
                            Run <code>{run.id}</code> of <code>{run.functionId}</code>
                            {run.finishedAt ? `, finished ${formatDateTime(run.finishedAt)}` : ""}
                          </p>
                          <table className="w-full text-left text-xs">
                            <thead className="text-slate-500">
                              <tr>
                                <th className="py-1 font-medium">When</th>
                                <th className="py-1 font-medium">Step</th>
                                <th className="py-1 font-medium">Outcome</th>
                                <th className="py-1 font-medium">Attempt</th>
                                <th className="py-1 font-medium">Time</th>
                                <th className="py-1 font-medium">Error</th>
                              </tr>
                            </thead>
                            <tbody className="divide-y divide-slate-200">
                              {run.steps.map((step, index) => (
                                <tr key={index}>
                                  <td className="py-1">{formatDateTime(step.at)}</td>
                                  <td className="py-1 font-mono">{step.name}</td>
                                  <td className="py-1">{step.op}</td>
                                  <td className="py-1">{step.attempt + 1}</td>
                                  <td className="py-1">{step.durationMs} ms</td>
                                  <td className="py-1 text-red-700">{errorText(step.error)}</td>
                                </tr>
                              ))}
                            </tbody>
                          </table>
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
          <Pager offset={offset} pageSize={PAGE} shown={runs.data.runs.length} total={runs.data.total} onOffsetChange={setOffset} />
        </>
      )}
    </Card>
  );
}
