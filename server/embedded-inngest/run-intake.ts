// What incoming events do to runs: start the functions they trigger (once per idempotency key),
// resume the runs waiting for them, and cancel the runs they cancel. Done inside the transaction
// that stores the events, so a repeated event id changes nothing. A batch (a pass's hundreds of
// sender turns) is stored in a few statements, not a transaction per event: the turns must be
// queued within seconds of the pass, while the turns already started compete for the database.
import { randomUUID } from "node:crypto";
import type { Db, Prisma } from "../db/client";
import { logger } from "../lib/logger";
import { evaluateCondition, evaluateKey } from "./expressions";
import { concurrencyKeys, triggerMatches, type FunctionSpec } from "./functions";
import { resolveWait } from "./run-state";
import { stateColumns, stateOf } from "./run-row";

const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export type StoredEvent = { name: string; data: Record<string, unknown> };

export interface IncomingEvent {
  name: string;
  data?: Record<string, unknown>;
  id?: string;
  ts?: number;
  user?: unknown;
  v?: string;
}

/**
 * Stores events each once (a repeated id is ignored) and takes the new ones (takeEvents), all of
 * a request's events in one transaction. Returns the events' ids, in order.
 */
export async function intakeEvents(db: Db, functions: FunctionSpec[], events: IncomingEvent[], at: Date): Promise<string[]> {
  const received = events.map((incoming) => ({
    name: incoming.name,
    data: incoming.data ?? {},
    id: incoming.id ?? `01${randomUUID().replace(/-/g, "").toUpperCase()}`,
    ts: incoming.ts ?? at.getTime(),
    ...(incoming.user !== undefined ? { user: incoming.user } : {}),
    ...(incoming.v !== undefined ? { v: incoming.v } : {}),
  }));
  if (received.length) {
    await db.$transaction(async (tx) => {
      const stored = await tx.jobEvent.createManyAndReturn({
        data: received.map((event) => ({ id: event.id, name: event.name, data: event.data as Prisma.InputJsonValue, receivedAt: at })),
        skipDuplicates: true,
        select: { id: true },
      });
      // An id repeated within the batch is stored once, and taken once (its first occurrence).
      const fresh = new Set(stored.map((row) => row.id));
      const taken = received.filter((event) => fresh.delete(event.id));
      await takeEvents(tx, functions, taken, at);
    });
  }
  return received.map((event) => event.id);
}

/**
 * Takes events already stored as new (each id once): queues the runs they trigger, in one statement
 * for the functions without an idempotency key, and resumes and cancels runs in event order (runs
 * an earlier event of the batch started are written before a later one may cancel them).
 */
export async function takeEvents(tx: Prisma.TransactionClient, functions: FunctionSpec[], events: StoredEvent[], at: Date) {
  if (!events.length) return;
  const names = [...new Set(events.map((event) => event.name))];
  const waiting = await tx.jobRun.findMany({ where: { status: "waiting", waitEvents: { hasSome: names } }, select: { waitEvents: true } });
  const awaited = new Set(waiting.flatMap((run) => run.waitEvents));
  let queued: Prisma.JobRunCreateManyInput[] = [];
  const flush = async () => {
    if (queued.length) await tx.jobRun.createMany({ data: queued });
    queued = [];
  };
  for (const event of events) {
    for (const spec of functions) {
      if (!triggerMatches(spec, event.name, { event })) continue;
      if (spec.idempotency) {
        await flush();
        await createRun(tx, spec, event, at);
      } else {
        queued.push(runData(spec, event, at, null));
      }
    }
    const cancels = functions.some((spec) => spec.cancel.some((rule) => rule.event === event.name));
    if (!awaited.has(event.name) && !cancels) continue;
    await flush();
    if (awaited.has(event.name)) await resumeWaitingRuns(tx, event, at);
    if (cancels) await cancelRuns(tx, functions, event, at);
  }
  await flush();
}

function runData(spec: FunctionSpec, event: StoredEvent, at: Date, idempotencyKey: string | null): Prisma.JobRunCreateManyInput {
  const workspaceId = typeof event.data.workspaceId === "string" ? event.data.workspaceId : null;
  return {
    functionId: spec.id,
    functionName: spec.name,
    status: "queued",
    eventName: event.name,
    event: event as Prisma.InputJsonValue,
    events: [event] as Prisma.InputJsonValue,
    concurrencyKeys: concurrencyKeys(spec, { event }),
    idempotencyKey,
    workspaceId,
    nextRunAt: at,
    createdAt: at,
    updatedAt: at,
  };
}

/** Queues one run of `spec` for `event`, unless its idempotency key ran within a day. */
export async function createRun(tx: Prisma.TransactionClient, spec: FunctionSpec, event: StoredEvent, at: Date) {
  const idempotencyKey = spec.idempotency ? evaluateKey(spec.idempotency, { event }) : null;
  if (idempotencyKey) {
    const duplicate = await tx.jobRun.count({
      where: { functionId: spec.id, idempotencyKey, createdAt: { gt: new Date(at.getTime() - IDEMPOTENCY_WINDOW_MS) } },
    });
    if (duplicate) return;
  }
  await tx.jobRun.create({ data: runData(spec, event, at, idempotencyKey) });
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
