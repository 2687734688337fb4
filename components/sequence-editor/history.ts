// The draft's undo and redo, pure. Each edit records the state before it; typing in one field
// coalesces into one entry (one undo takes back the words typed, not one character), and any other
// edit, an undo, or a pause starts a new entry.

export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** What the last recorded edit changed ("step:st_1:config.text"), while it may still coalesce. */
  lastKey: string | null;
  /** When the last recorded edit happened, in milliseconds. */
  lastAt: number;
}

/** Typing pauses longer than this start a new undo entry in the same field. */
export const COALESCE_MS = 1500;
/** Entries kept; the oldest are dropped beyond this. */
export const HISTORY_LIMIT = 200;

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], lastKey: null, lastAt: 0 };
}

export interface RecordOptions {
  /** Edits with the same key in a row, less than COALESCE_MS apart, share one entry; none never coalesces. */
  key?: string | null;
  at: number;
}

/** The history after an edit to `next`; unchanged when `next` is the present itself. */
export function record<T>(history: History<T>, next: T, { key = null, at }: RecordOptions): History<T> {
  if (Object.is(next, history.present)) return history;
  const coalesce = key !== null && key === history.lastKey && at - history.lastAt < COALESCE_MS && history.past.length > 0;
  const past = coalesce ? history.past : [...history.past, history.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], lastKey: key, lastAt: at };
}

/** Replaces the present without an entry (the server's copy of what was just saved). */
export function replacePresent<T>(history: History<T>, present: T): History<T> {
  return { ...history, present, lastKey: null };
}

export function canUndo<T>(history: History<T>): boolean {
  return history.past.length > 0;
}

export function canRedo<T>(history: History<T>): boolean {
  return history.future.length > 0;
}

export function undo<T>(history: History<T>): History<T> {
  if (!history.past.length) return history;
  const previous = history.past[history.past.length - 1]!;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future], lastKey: null, lastAt: 0 };
}

export function redo<T>(history: History<T>): History<T> {
  if (!history.future.length) return history;
  const [next, ...rest] = history.future;
  return { past: [...history.past, history.present], present: next!, future: rest, lastKey: null, lastAt: 0 };
}

/** Forgets what came before (and after) the present. */
export function clearHistory<T>(history: History<T>): History<T> {
  return startHistory(history.present);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** The paths ("config.variants.0.text") where two plain values differ, sorted: what an edit touched. */
export function changedPaths(before: unknown, after: unknown, prefix = ""): string[] {
  if (Object.is(before, after)) return [];
  if (!isRecord(before) || !isRecord(after) || Array.isArray(before) !== Array.isArray(after)) return [prefix];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .flatMap((key) => changedPaths(before[key], after[key], prefix ? `${prefix}.${key}` : key))
    .sort();
}
