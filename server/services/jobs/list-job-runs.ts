import { z } from "zod";
import { jobsRunEmbedded } from "@/inngest/connection";
import { db, type Prisma } from "../../db/client";
import { hasRole, type Actor } from "../../lib/actor";
import { jsonColumnReader } from "../../lib/json-column";
import { toIso } from "../../schemas/common";
import type { TListJobRunsInput, TJobRun } from "../../schemas/job-run";

/** What this list shows of JobRun.pending (the embedded executor's PendingAsync entries). */
const readPending = jsonColumnReader(
  z.array(z.object({ kind: z.enum(["sleep", "wait"]), until: z.string(), event: z.string().optional() })),
  "job run's pending steps",
);

function describeWait(status: string, pending: ReturnType<typeof readPending>): string | null {
  if (status !== "waiting" || !pending.length) return null;
  return pending
    .map((entry) => (entry.kind === "sleep" ? `sleeping until ${entry.until}` : `waiting for ${entry.event} until ${entry.until}`))
    .join("; ");
}

/**
 * Recent runs of the embedded executor: the workspace's own, plus installation housekeeping (no
 * workspace) for admins and owners. Newest first, each with its steps, attempts and errors.
 */
export async function listJobRuns(actor: Actor, input: TListJobRunsInput): Promise<{ runs: TJobRun[]; total: number; embedded: boolean }> {
  const { status, limit, offset } = input;
  const visible: Prisma.JobRunWhereInput[] = [{ workspaceId: actor.workspaceId }];
  if (hasRole(actor, "admin")) visible.push({ workspaceId: null });
  const where: Prisma.JobRunWhereInput = { OR: visible, status };
  const [rows, total] = await Promise.all([
    db.jobRun.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: limit,
      skip: offset,
      include: { history: { orderBy: { at: "asc" }, take: 200 } },
    }),
    db.jobRun.count({ where }),
  ]);
  const runs = rows.map((row) => ({
    id: row.id,
    functionId: row.functionId,
    functionName: row.functionName,
    status: row.status,
    eventName: row.eventName,
    waitingFor: describeWait(row.status, readPending(row.pending)),
    nextRunAt: toIso(row.nextRunAt),
    error: row.error ?? null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: toIso(row.finishedAt),
    steps: row.history.map((step) => ({
      name: step.name,
      op: step.op,
      attempt: step.attempt,
      error: step.error ?? null,
      at: step.at.toISOString(),
      durationMs: step.durationMs,
    })),
  }));
  return { runs, total, embedded: jobsRunEmbedded() };
}
