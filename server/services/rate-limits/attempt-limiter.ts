// A fixed-window counter per key, held in this process's memory with a bounded number of keys.
//
// Why memory and not the database: Herald runs as one process per installation (the embedded
// database admits one), so one process sees every request; counting there costs no write per
// request. Where several processes share a database, each counts on its own: a limit then allows
// up to (processes × limit), still bounded. Counts are lost on restart, which only forgives.

export interface AttemptLimiterOptions {
  /** Hits allowed in one window. */
  limit: number;
  windowMs: number;
  /** Keys kept at most; past it the oldest windows are forgotten first. */
  maxKeys: number;
}

export interface AttemptState {
  /** Whether this hit (or, for `check`, the next one) is within the limit. */
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  limit: number;
  /** When the current window ends (epoch milliseconds). */
  resetAt: number;
  /** Whole seconds until the window ends, at least 1. */
  retryAfterSeconds: number;
}

interface Window {
  count: number;
  resetAt: number;
}

export class AttemptLimiter {
  // A Map iterates in insertion order, and a key's new window is inserted afresh, so the windows
  // that end first sit at the front: eviction looks only there.
  private readonly windows = new Map<string, Window>();

  constructor(private readonly options: AttemptLimiterOptions) {}

  get size(): number {
    return this.windows.size;
  }

  /** The state without counting anything: whether one more hit would be allowed. */
  check(key: string, at: number, limit = this.options.limit): AttemptState {
    const window = this.current(key, at);
    return this.state(window?.count ?? 0, window?.resetAt ?? at + this.options.windowMs, at, limit, 1);
  }

  /**
   * Counts one hit and returns the state after it. A new window starts at the hit, or at
   * `windowStart` for windows aligned to the clock (the API's per-minute limit).
   */
  hit(key: string, at: number, overrides: { limit?: number; windowStart?: number } = {}): AttemptState {
    let window = this.current(key, at);
    if (!window) {
      this.windows.delete(key);
      this.makeRoom(at);
      window = { count: 0, resetAt: (overrides.windowStart ?? at) + this.options.windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    return this.state(window.count, window.resetAt, at, overrides.limit ?? this.options.limit, 0);
  }

  /** Takes one hit back (an attempt that turned out legitimate). */
  forgive(key: string): void {
    const window = this.windows.get(key);
    if (window && window.count > 0) window.count--;
  }

  /** Forgets the key's window (a successful sign-in clears its account's failures). */
  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string, at: number): Window | undefined {
    const window = this.windows.get(key);
    return window && window.resetAt > at ? window : undefined;
  }

  private state(count: number, resetAt: number, at: number, limit: number, lookahead: number): AttemptState {
    return {
      allowed: count + lookahead <= limit,
      count,
      limit,
      resetAt,
      retryAfterSeconds: Math.max(1, Math.ceil((resetAt - at) / 1000)),
    };
  }

  private makeRoom(at: number): void {
    for (const [key, window] of this.windows) {
      if (this.windows.size < this.options.maxKeys && window.resetAt > at) return;
      this.windows.delete(key);
    }
  }
}

// Kept on globalThis so that every copy of this module (Next bundles each route on its own) counts
// in the same limiter.
const slot = globalThis as { __heraldAttemptLimiters?: Map<string, AttemptLimiter> };

/** The process's limiter of that name, made with `options` the first time. */
export function sharedLimiter(name: string, options: AttemptLimiterOptions): AttemptLimiter {
  slot.__heraldAttemptLimiters ??= new Map();
  let limiter = slot.__heraldAttemptLimiters.get(name);
  if (!limiter) {
    limiter = new AttemptLimiter(options);
    slot.__heraldAttemptLimiters.set(name, limiter);
  }
  return limiter;
}
