// How one response of the SDK changes a run: pure, so the rules are tested without HTTP or SQL.
import type { CallResult, Op } from "./call-function";
import { parseDurationMs, sleepUntil } from "./durations";
import { z } from "zod";

/** A sleep or a wait for an event that a run is parked on (stored in JobRun.pending). */
export const ZPendingAsync = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(["sleep", "wait"]),
  /** Wake time of a sleep, timeout of a wait (ISO). */
  until: z.string(),
  event: z.string().optional(),
  if: z.string().optional(),
});
export type PendingAsync = z.infer<typeof ZPendingAsync>;

export interface RunState {
  memo: Record<string, unknown>;
  stack: string[];
  planned: string[];
  attempt: number;
  disableImmediate: boolean;
  pending: PendingAsync[];
}

export interface HistoryEntry {
  stepId: string;
  name: string;
  op: string;
  attempt: number;
  error?: unknown;
}

export type Transition =
  | { kind: "continue"; state: RunState; nextRunAt: Date; history: HistoryEntry[] }
  | { kind: "waiting"; state: RunState; nextRunAt: Date; history: HistoryEntry[] }
  | { kind: "completed"; state: RunState; output: unknown; history: HistoryEntry[] }
  | { kind: "failed"; state: RunState; error: unknown; history: HistoryEntry[] };

const SUPPORTED_OPS = new Set(["StepRun", "StepError", "StepFailed", "StepPlanned", "Sleep", "WaitForEvent", "RunComplete"]);

/** Retry delay after failed attempt `attempt` (0-based): 10 s doubling, at most an hour. */
export function retryDelayMs(attempt: number, retryAfter: string | null, now: Date): number {
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = new Date(retryAfter);
    if (!Number.isNaN(date.getTime())) return Math.max(0, date.getTime() - now.getTime());
  }
  return Math.min(10_000 * 2 ** attempt, 3_600_000);
}

/** Resolves sleeps that are due and waits that timed out, before the next request. */
export function resolveDuePending(state: RunState, now: Date): RunState {
  const due = state.pending.filter((entry) => new Date(entry.until) <= now);
  if (!due.length) return state;
  const memo = { ...state.memo };
  const stack = [...state.stack];
  for (const entry of due) {
    memo[entry.id] = entry.kind === "sleep" ? null : { data: null };
    stack.push(entry.id);
  }
  return { ...state, memo, stack, pending: state.pending.filter((entry) => !due.includes(entry)) };
}

/** Resolves a wait with the event that matched it. */
export function resolveWait(state: RunState, waitId: string, event: unknown): RunState {
  return {
    ...state,
    memo: { ...state.memo, [waitId]: { data: event } },
    stack: [...state.stack, waitId],
    pending: state.pending.filter((entry) => entry.id !== waitId),
  };
}

export function nextDeadline(pending: PendingAsync[]): Date | null {
  if (!pending.length) return null;
  return new Date(Math.min(...pending.map((entry) => new Date(entry.until).getTime())));
}

export function applyResult(input: {
  state: RunState;
  result: CallResult;
  stepId: string;
  maxAttempts: number;
  now: Date;
}): Transition {
  const { result, stepId, maxAttempts, now } = input;
  const state: RunState = { ...input.state, memo: { ...input.state.memo }, stack: [...input.state.stack], planned: [...input.state.planned], pending: [...input.state.pending] };
  const history: HistoryEntry[] = [];

  if (result.kind === "completed") {
    history.push({ stepId: "step", name: "function", op: "Completed", attempt: state.attempt });
    return { kind: "completed", state, output: result.output, history };
  }
  if (result.kind === "error") {
    history.push({ stepId, name: "function", op: "FunctionError", attempt: state.attempt, error: result.error });
    if (result.retriable && state.attempt + 1 < maxAttempts) {
      const delay = retryDelayMs(state.attempt, result.retryAfter, now);
      return { kind: "continue", state: { ...state, attempt: state.attempt + 1 }, nextRunAt: new Date(now.getTime() + delay), history };
    }
    return { kind: "failed", state, error: result.error, history };
  }

  if (!result.ops.length) {
    const error = { name: "EmptyResponse", message: "The function answered 206 without any operation" };
    history.push({ stepId, name: "function", op: "FunctionError", attempt: state.attempt, error });
    return { kind: "failed", state, error, history };
  }
  let retryAt: Date | null = null;
  const settle = (id: string, value: unknown) => {
    state.memo[id] = value;
    state.stack.push(id);
    state.planned = state.planned.filter((planned) => planned !== id);
    state.attempt = 0;
  };
  const plannedNow = result.ops.filter((op) => op.op === "StepPlanned").length;
  for (const op of result.ops) {
    const name = op.displayName ?? op.name ?? op.id;
    if (!SUPPORTED_OPS.has(op.op)) {
      const error = { name: "UnsupportedOperation", message: `The embedded executor does not support ${op.op} (step "${name}"). Use an Inngest server for it.` };
      history.push({ stepId: op.id, name, op: op.op, attempt: state.attempt, error });
      return { kind: "failed", state, error, history };
    }
    switch (op.op) {
      case "StepRun":
        settle(op.id, { data: op.data ?? null });
        history.push({ stepId: op.id, name, op: op.op, attempt: state.attempt });
        break;
      case "StepError":
      case "StepFailed": {
        const final = op.op === "StepFailed" || state.attempt + 1 >= maxAttempts;
        history.push({ stepId: op.id, name, op: final ? "StepFailed" : "StepError", attempt: state.attempt, error: op.error });
        if (final) {
          settle(op.id, { error: op.error });
        } else {
          state.attempt += 1;
          retryAt = new Date(now.getTime() + retryDelayMs(state.attempt - 1, result.retryAfter, now));
        }
        break;
      }
      case "StepPlanned":
        if (!(op.id in state.memo) && !state.planned.includes(op.id)) state.planned.push(op.id);
        if (plannedNow > 1) state.disableImmediate = true;
        history.push({ stepId: op.id, name, op: op.op, attempt: state.attempt });
        break;
      case "Sleep":
      case "WaitForEvent": {
        if (op.id in state.memo || state.pending.some((entry) => entry.id === op.id)) break;
        const until =
          op.op === "Sleep"
            ? sleepUntil(op.name ?? "", now)
            : new Date(now.getTime() + (parseDurationMs(op.opts?.timeout) ?? 365 * 86_400_000));
        state.pending.push({
          id: op.id,
          name,
          kind: op.op === "Sleep" ? "sleep" : "wait",
          until: until.toISOString(),
          ...(op.op === "WaitForEvent" ? { event: op.name, if: op.opts?.if } : {}),
        });
        history.push({ stepId: op.id, name, op: op.op, attempt: 0 });
        break;
      }
      case "RunComplete":
        history.push({ stepId: "step", name: "function", op: "Completed", attempt: state.attempt });
        return { kind: "completed", state, output: op.data, history };
    }
  }
  if (retryAt) return { kind: "continue", state, nextRunAt: retryAt, history };
  const progressed = result.ops.some((op: Op) => ["StepRun", "StepFailed", "StepError", "StepPlanned"].includes(op.op));
  if (state.planned.length || progressed) return { kind: "continue", state, nextRunAt: now, history };
  const deadline = nextDeadline(state.pending);
  if (deadline) return { kind: "waiting", state, nextRunAt: deadline, history };
  return { kind: "continue", state, nextRunAt: now, history };
}
