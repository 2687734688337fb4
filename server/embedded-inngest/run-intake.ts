// What an incoming event does to runs: starts the functions it triggers (once per idempotency
// key), resumes the runs waiting for it, and cancels the runs it cancels. Called inside the
// transaction that stores the event, so a repeated event id changes nothing.
import type { Prisma } from "../db/client";
import { logger } from "../lib/logger";
import { evaluateCondition, evaluateKey } from "./expressions";
import { concurrencyKeys, triggerMatches, type FunctionSpec } from "./functions";
import { resolveWait } from "./run-state";
import { stateColumns, stateOf } from "./run-row";

const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export type StoredEvent = { name: string; data: Record<string, unknown> };

/** Starts a run of every function the event triggers. */
export async function startTriggeredRuns(tx: Prisma.TransactionClient, functions: Iterable<FunctionSpec>, event: StoredEvent, at: Date) {
  for (const spec of functions) {
    const scope = { event };
    if (!triggerMatches(spec, event.name, scope)) continue;
    await createRun(tx, spec, event, at);
  }
}

/** Queues one run of `spec` for `event`, unless its idempotency key ran within a day. */
export async function createRun(tx: Prisma.TransactionClient, spec: FunctionSpec, event: StoredEvent, at: Date) {
  const scope = { event };
  const idempotencyKey = spec.idempotency ? evaluateKey(spec.idempotency, scope) : null;
  if (idempotencyKey) {
    const duplicate = await tx.jobRun.count({
      where: { functionId: spec.id, idempotencyKey, createdAt: { gt: new Date(at.getTime() - IDEMPOTENCY_WINDOW_MS) } },
    });
    if (duplicate) return;
  }
  const workspaceId = typeof event.data.workspaceId === "string" ? event.data.workspaceId : null;
  await tx.jobRun.create({
    data: {
      functionId: spec.id,
      functionName: spec.name,
      status: "queued",
      eventName: event.name,
      event: event as Prisma.InputJsonValue,
      events: [event] as Prisma.InputJsonValue,
      concurrencyKeys: concurrencyKeys(spec, scope),
      idempotencyKey,
      workspaceId,
      nextRunAt: at,
      createdAt: at,
      updatedAt: at,
    },
  });
}

/** Resumes runs whose step.waitForEvent the event satisfies. */
export async function resumeWaitingRuns(tx: Prisma.TransactionClient, event: { name: string }, at: Date) {
  const waiting = await tx.jobRun.findMany({ where: { status: "waiting", waitEvents: { has: event.name } } });
  for (const run of waiting) {
    let state = stateOf(run);
    for (const wait of state.pending.filter((entry) => entry.kind === "wait" && entry.event === event.name)) {
      let matches = false;
      try {
        matches = evaluateCondition(wait.if, { event: run.event, async: event });
      } catch (error) {
        logger.warn("A waitForEvent condition could not be evaluated", { runId: run.id, condition: wait.if, error });
      }
      if (matches) state = resolveWait(state, wait.id, event);
    }
    if (state.pending.length === stateOf(run).pending.length) continue;
    await tx.jobRun.updateMany({
      where: { id: run.id, status: "waiting" },
      data: { ...stateColumns(state), status: "queued", nextRunAt: at, updatedAt: at },
    });
  }
}

/** Cancels runs whose cancelOn rule the event matches. */
export async function cancelRuns(tx: Prisma.TransactionClient, functions: Iterable<FunctionSpec>, event: { name: string }, at: Date) {
  for (const spec of functions) {
    for (const rule of spec.cancel.filter((candidate) => candidate.event === event.name)) {
      const runs = await tx.jobRun.findMany({
        where: {
          functionId: spec.id,
          status: { in: ["queued", "waiting", "running"] },
          ...(rule.timeoutMs ? { createdAt: { gt: new Date(at.getTime() - rule.timeoutMs) } } : {}),
        },
        select: { id: true, event: true },
      });
      for (const run of runs) {
        if (!evaluateCondition(rule.if, { event: run.event, async: event })) continue;
        await tx.jobRun.update({
          where: { id: run.id },
          data: { status: "cancelled", nextRunAt: null, finishedAt: at, updatedAt: at, error: { name: "Cancelled", message: `Cancelled by ${event.name}` } },
        });
      }
    }
  }
}
