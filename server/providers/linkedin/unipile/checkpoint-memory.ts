// Unipile describes a checkpoint only in the answer that raises it: its resend endpoint answers
// {success}, and GET /accounts/{id} has no checkpoint field. resendCheckpoint and checkCheckpoint
// must still return the pending checkpoint, so the provider remembers the last one it saw per
// account, for the five minutes Unipile keeps an authentication intent open.
import { now } from "../../../lib/clock";
import type { ProviderCheckpoint } from "../types";

export const CHECKPOINT_WINDOW_MS = 5 * 60_000;

/** Where pending checkpoints are kept; a deployment with several Herald processes passes a shared one. */
export interface CheckpointMemory {
  remember(providerAccountId: string, checkpoint: ProviderCheckpoint): Promise<void>;
  recall(providerAccountId: string): Promise<ProviderCheckpoint | null>;
  forget(providerAccountId: string): Promise<void>;
}

interface Entry {
  checkpoint: ProviderCheckpoint;
  expiresAt: number;
}

export function createInProcessCheckpointMemory(entries = new Map<string, Entry>(), windowMs = CHECKPOINT_WINDOW_MS): CheckpointMemory {
  return {
    async remember(providerAccountId, checkpoint) {
      const at = now().getTime();
      for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key);
      entries.set(providerAccountId, { checkpoint, expiresAt: at + windowMs });
    },
    async recall(providerAccountId) {
      const entry = entries.get(providerAccountId);
      if (!entry) return null;
      if (entry.expiresAt <= now().getTime()) {
        entries.delete(providerAccountId);
        return null;
      }
      return entry.checkpoint;
    },
    async forget(providerAccountId) {
      entries.delete(providerAccountId);
    },
  };
}

// On globalThis so that the server runtime and the bundles Next builds for route handlers, which
// each load their own copy of this module, see the same pending checkpoints.
const slot = globalThis as unknown as { __heraldUnipileCheckpoints?: Map<string, Entry> };

export function sharedInProcessCheckpointMemory(): CheckpointMemory {
  slot.__heraldUnipileCheckpoints ??= new Map();
  return createInProcessCheckpointMemory(slot.__heraldUnipileCheckpoints);
}
