// The one source of time for Herald. Services and the embedded executor call `now()`; tests and
// simulations install a ManualClock to move time without waiting.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to. */
export class ManualClock implements Clock {
  private current: number;
  private readonly listeners = new Set<() => void>();

  constructor(start: Date | string | number = Date.UTC(2026, 0, 5, 9, 0, 0)) {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  set(to: Date | string | number): void {
    const next = new Date(to).getTime();
    if (next < this.current) throw new Error("ManualClock cannot move backwards");
    this.current = next;
    for (const listener of this.listeners) listener();
  }

  advance(milliseconds: number): Date {
    this.set(this.current + milliseconds);
    return this.now();
  }

  /** Called after every move; the embedded executor uses it to wake up at once. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/**
 * The wall clock moved forward by an offset that only grows: time flows as usual, and a caller
 * jumps it ahead (the browser tests' test control, server/runtime/test-control.ts). Never backwards.
 */
export class ShiftedClock implements Clock {
  private offset = 0;
  private readonly listeners = new Set<() => void>();

  now(): Date {
    return new Date(Date.now() + this.offset);
  }

  advance(milliseconds: number): Date {
    if (!Number.isFinite(milliseconds) || milliseconds < 0) throw new Error("ShiftedClock moves forward only");
    this.offset += milliseconds;
    for (const listener of this.listeners) listener();
    return this.now();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** A clock that tells when it is moved (the embedded executor wakes up at once then). */
export function observeClock(clock: Clock, listener: () => void): (() => void) | null {
  return clock instanceof ManualClock || clock instanceof ShiftedClock ? clock.onChange(listener) : null;
}

// Kept on globalThis so that every copy of this module (the server runtime and the bundles Next
// builds for route handlers) reads the same clock.
const slot: typeof globalThis & { __heraldClock?: Clock } = globalThis;

export function getClock(): Clock {
  return slot.__heraldClock ?? systemClock;
}

export function setClock(clock: Clock): void {
  slot.__heraldClock = clock;
}

export function now(): Date {
  return getClock().now();
}
