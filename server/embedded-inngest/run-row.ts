// A job run's row and its execution state: the columns Herald stores, read back as the state the
// SDK's protocol works on, and written from it.
import { z } from "zod";
import type { Prisma } from "../db/client";
import { ZPendingAsync, type RunState } from "./run-state";

const ZMemo = z.record(z.string(), z.unknown());
const ZPending = z.array(ZPendingAsync);

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
    memo: ZMemo.parse(run.memo ?? {}),
    stack: run.stack,
    planned: run.planned,
    attempt: run.attempt,
    disableImmediate: run.disableImmediate,
    pending: ZPending.parse(run.pending ?? []),
  };
}

export function stateColumns(state: RunState) {
  return {
    memo: state.memo as Prisma.InputJsonValue,
    stack: state.stack,
    planned: state.planned,
    attempt: state.attempt,
    disableImmediate: state.disableImmediate,
    pending: state.pending satisfies Prisma.InputJsonValue,
    waitEvents: [...new Set(state.pending.flatMap((entry) => (entry.kind === "wait" && entry.event ? [entry.event] : [])))],
  };
}
