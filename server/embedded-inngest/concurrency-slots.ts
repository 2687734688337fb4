// Concurrency limits per key, counted in this process (one executor per database runs the runs):
// how many runs hold each key, and which keys are full, so that the claim query can skip their runs.
import type { FunctionSpec } from "./functions";

export class ConcurrencySlots {
  private readonly inUse = new Map<string, number>();
  private readonly limits = new Map<string, number>();

  /** Whether a run of `spec` with these concurrency keys may start now. */
  has(spec: FunctionSpec | undefined, keys: string[]): boolean {
    if (!spec) return true;
    return keys.every((key, index) => (this.inUse.get(key) ?? 0) < (spec.concurrency[index]?.limit ?? Infinity));
  }

  /** Keys at their limit. */
  saturated(): string[] {
    return [...this.inUse.entries()].filter(([key, used]) => used > 0 && used >= (this.limits.get(key) ?? Infinity)).map(([key]) => key);
  }

  /** A run takes (delta 1) or gives back (delta -1) its keys. */
  take(spec: FunctionSpec | undefined, keys: string[], delta: number): void {
    keys.forEach((key, index) => {
      const used = (this.inUse.get(key) ?? 0) + delta;
      if (used <= 0) {
        this.inUse.delete(key);
        this.limits.delete(key);
        return;
      }
      this.inUse.set(key, used);
      const limit = spec?.concurrency[index]?.limit;
      if (limit !== undefined) this.limits.set(key, limit);
    });
  }
}
