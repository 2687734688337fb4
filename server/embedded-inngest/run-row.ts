// A job run's row and its execution state: the columns Herald stores, read back as the state the
// SDK's protocol works on, and written from it.
import type { Prisma } from "../db/client";
import type { PendingAsync, RunState } from "./run-state";

export type Row = Prisma.JobRunGetPayload<object>;

/** A raw SELECT gives NULL where Prisma's client gives [] for an unset list column. */
export function fromRaw(row: Row): Row {
  return {
    ...row,
    stack: row.stack ?? [],
    planned: row.planned ?? [],
    waitEvents: row.waitEvents ?? [],
    concurrencyKeys: row.concurrencyKeys ?? [],
  };
}

export function stateOf(run: Row): RunState {
  return {
    memo: (run.memo ?? {}) as Record<string, unknown>,
    stack: run.stack,
    planned: run.planned,
    attempt: run.attempt,
    disableImmediate: run.disableImmediate,
    pending: (run.pending ?? []) as unknown as PendingAsync[],
  };
}

export function stateColumns(state: RunState) {
  return {
    memo: state.memo as Prisma.InputJsonValue,
    stack: state.stack,
    planned: state.planned,
    attempt: state.attempt,
    disableImmediate: state.disableImmediate,
    pending: state.pending as unknown as Prisma.InputJsonValue,
    waitEvents: [...new Set(state.pending.flatMap((entry) => (entry.kind === "wait" && entry.event ? [entry.event] : [])))],
  };
}
