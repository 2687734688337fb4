"use client";
// The Tasks queue: the manual tasks campaigns put here (calls, messages from a phone, custom tasks),
// soonest due first, overdue ones marked. By keyboard: j / k (or the arrows) move, d marks the
// selected task done, s skips it; a note can go with either. Polls, so new tasks show up by themselves.
import { useState, type KeyboardEvent } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage } from "@/components/ui/trpc-error";
import { isTextEntry } from "@/components/approvals/empty-queue";
import { TASK_KIND_LABELS } from "@/server/schemas/sequence";
import type { TManualTask } from "@/server/schemas/manual-task";

const POLL_MS = 5_000;

function due(task: TManualTask): string {
  const when = new Date(task.dueAt).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" });
  return task.overdue ? `Overdue since ${when}` : `Due ${when}`;
}

export function TasksView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery({ ...trpc.tasks.list.queryOptions({ limit: 100, offset: 0 }), refetchInterval: POLL_MS, placeholderData: keepPreviousData });
  const complete = useMutation(
    trpc.tasks.complete.mutationOptions({
      onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.tasks.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.campaigns.pathKey() })]),
    }),
  );
  const tasks = list.data?.data ?? [];
  const [chosen, setSelected] = useState(0);
  // The list shrinks as tasks are decided: the selection stays on the last one.
  const selected = Math.min(chosen, Math.max(0, tasks.length - 1));
  // The note belongs to the task it was written for: moving to another task leaves it behind.
  const [draft, setDraft] = useState({ taskId: "", text: "" });
  const [done, setDone] = useState<string | null>(null);
  const current = tasks[selected];
  const note = current && draft.taskId === current.id ? draft.text : "";
  const setNote = (text: string) => setDraft({ taskId: current?.id ?? "", text });

  const decide = (outcome: "done" | "skipped") => {
    if (!current || complete.isPending) return;
    setDone(null);
    complete.mutate(
      { id: current.id, outcome, ...(note.trim() ? { note: note.trim() } : {}) },
      { onSuccess: (task) => (setNote(""), setDone(`${task.lead.name}: ${outcome === "done" ? "marked done" : "skipped"}. The lead continues with its next step.`)) },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isTextEntry(event.target) || event.metaKey || event.ctrlKey || event.altKey) return;
    const moves: Record<string, number> = { j: 1, ArrowDown: 1, k: -1, ArrowUp: -1 };
    if (event.key in moves) {
      event.preventDefault();
      setSelected(Math.max(0, Math.min(tasks.length - 1, selected + moves[event.key]!)));
    } else if (event.key === "d" || event.key === "s") {
      event.preventDefault();
      decide(event.key === "d" ? "done" : "skipped");
    }
  };

  if (list.isLoading) return <p className="text-sm text-slate-500">Loading your tasks…</p>;
  return (
    <div className="space-y-4" onKeyDown={onKeyDown} tabIndex={-1}>
      <header>
        <h1 className="text-xl font-semibold text-slate-900">Tasks</h1>
        <p className="text-sm text-slate-500">Calls, messages from your phone and other tasks your campaigns ask of a person. Each lead waits here until its task is done or skipped. Keys: j / k to move, d done, s skip.</p>
      </header>
      {list.error && <Alert tone="error">{errorMessage(list.error)}</Alert>}
      {complete.error && <Alert tone="error">{errorMessage(complete.error)}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
      {!tasks.length ? (
        <EmptyState title="No tasks waiting">A campaign step of the kind “Manual task” puts one here for each lead that reaches it.</EmptyState>
      ) : (
        <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Tasks waiting">
            {tasks.map((task, index) => (
              <li key={task.id}>
                <button
                  type="button"
                  aria-current={index === selected ? "true" : undefined}
                  onClick={() => setSelected(index)}
                  className={`block w-full px-4 py-3 text-left ${index === selected ? "bg-brand-50" : "hover:bg-slate-50"}`}
                >
                  <span className="block text-sm font-medium text-slate-900">
                    {TASK_KIND_LABELS[task.kind]}: {task.lead.name}
                  </span>
                  <span className={`block text-xs ${task.overdue ? "font-medium text-red-700" : "text-slate-500"}`}>
                    {due(task)} · {task.campaignName}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {current && (
            <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-label="Selected task">
              <h2 className="text-base font-semibold text-slate-900">
                {TASK_KIND_LABELS[current.kind]}: {current.lead.name}
              </h2>
              <p className="text-sm text-slate-500">{[current.lead.headline, current.lead.company].filter(Boolean).join(" · ")}</p>
              <p className="whitespace-pre-wrap rounded-md bg-slate-50 p-3 text-sm text-slate-800">{current.instructions}</p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                {current.lead.phone && (
                  <>
                    <dt className="text-slate-500">Phone</dt>
                    <dd>
                      <a className="text-brand-700 underline" href={`tel:${current.lead.phone.replace(/[^+\d]/g, "")}`}>
                        {current.lead.phone}
                      </a>
                    </dd>
                  </>
                )}
                {current.lead.email && (
                  <>
                    <dt className="text-slate-500">E-mail</dt>
                    <dd>{current.lead.email}</dd>
                  </>
                )}
                {current.lead.profileUrl && (
                  <>
                    <dt className="text-slate-500">LinkedIn</dt>
                    <dd>
                      <a className="text-brand-700 underline" href={current.lead.profileUrl} target="_blank" rel="noopener noreferrer">
                        Open the profile
                      </a>
                    </dd>
                  </>
                )}
                <dt className="text-slate-500">When</dt>
                <dd className={current.overdue ? "font-medium text-red-700" : undefined}>{due(current)}</dd>
              </dl>
              <label className="block text-sm">
                <span className="text-slate-700">Note (optional)</span>
                <textarea value={note} onChange={(event) => setNote(event.target.value)} maxLength={1000} rows={2} className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm" placeholder="What happened, for the lead's history" />
              </label>
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => decide("done")} disabled={complete.isPending}>
                  Mark done (d)
                </Button>
                <Button variant="secondary" onClick={() => decide("skipped")} disabled={complete.isPending}>
                  Skip (s)
                </Button>
              </div>
            </section>
          )}
        </div>
      )}
    </div>
  );
}
