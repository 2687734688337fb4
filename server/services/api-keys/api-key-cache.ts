// A few seconds' memory of API key look-ups (the key joined with its creator's membership), so that
// a client calling many times a second costs one round trip every few seconds instead of one per
// request: under 150 concurrent clients the look-up was a fifth of every request's queries.
//
// Staleness is bounded both ways: a revocation or role change made in this process forgets every
// entry at once (revoke-api-key.ts, update-member-role.ts), and one made by another Herald process
// holds here within KEY_CACHE_MS. Unknown keys are never remembered (the invalid-key limiter
// refuses guessers before a look-up instead).
import type { Role } from "../../lib/actor";

export interface CachedKeyRow {
  id: string;
  workspaceId: string;
  createdById: string;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  role: Role | null;
  canManageBilling: boolean | null;
  agentKey: boolean;
}

/** How long a looked-up key is trusted without asking the database again. */
export const KEY_CACHE_MS = 5_000;
const MAX_KEYS = 10_000;

interface Entry {
  row: CachedKeyRow;
  until: number;
}

// On globalThis so every bundled copy of this module (Next's route chunks, the runtime) shares one
// memory, and one forget() reaches them all.
const slot = globalThis as { __heraldApiKeyCache?: { entries: Map<string, Entry>; generation: number } };
const cache = () => (slot.__heraldApiKeyCache ??= { entries: new Map(), generation: 0 });

/** The remembered row of a hashed key, if looked up less than KEY_CACHE_MS before `at`. */
export function cachedApiKey(hashedKey: string, at: number): CachedKeyRow | undefined {
  const entry = cache().entries.get(hashedKey);
  if (!entry) return undefined;
  // Also expired when the clock went back past the look-up (a test's manual clock).
  if (entry.until <= at || entry.until - KEY_CACHE_MS > at) {
    cache().entries.delete(hashedKey);
    return undefined;
  }
  return entry.row;
}

/** Marks the start of a look-up: its answer is kept only if nothing was forgotten meanwhile. */
export function apiKeyCacheGeneration(): number {
  return cache().generation;
}

export function rememberApiKey(hashedKey: string, row: CachedKeyRow, at: number, generation: number): void {
  const state = cache();
  // A revocation committed while this look-up was in flight may not be in `row`.
  if (generation !== state.generation) return;
  if (state.entries.size >= MAX_KEYS) state.entries.clear();
  state.entries.set(hashedKey, { row, until: at + KEY_CACHE_MS });
}

/** Forgets every remembered key: called after a key is revoked or a member's role changes. */
export function forgetApiKeys(): void {
  const state = cache();
  state.entries.clear();
  state.generation++;
}
