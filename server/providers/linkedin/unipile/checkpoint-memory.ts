// Unipile describes a checkpoint only in the answer that raises it: its resend endpoint answers
// {success}, and GET /accounts/{id} has no checkpoint field. resendCheckpoint and checkCheckpoint
// must still return the pending checkpoint, so the provider remembers the last one it saw per
// account, for the five minutes Unipile keeps an authentication intent open. Herald's provider
// also reads it back from the sender row, so that a restart or another process can carry on.
import { db } from "../../../db/client";
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
const slot: typeof globalThis & { __heraldUnipileCheckpoints?: Map<string, Entry> } = globalThis;

export function sharedInProcessCheckpointMemory(): CheckpointMemory {
  slot.__heraldUnipileCheckpoints ??= new Map();
  return createInProcessCheckpointMemory(slot.__heraldUnipileCheckpoints);
}

/**
 * Pending checkpoints that survive a restart and are seen by every Herald process: this process's
 * memory first (a checkpoint raised by a first sign-in is remembered before its sender row
 * exists), then the checkpoint Herald stored on the sender when the connect flow returned it, for
 * the same five minutes.
 */
export function createDatabaseCheckpointMemory(local: CheckpointMemory = sharedInProcessCheckpointMemory(), windowMs = CHECKPOINT_WINDOW_MS): CheckpointMemory {
  return {
    remember: (providerAccountId, checkpoint) => local.remember(providerAccountId, checkpoint),
    forget: (providerAccountId) => local.forget(providerAccountId),
    async recall(providerAccountId) {
      const remembered = await local.recall(providerAccountId);
      if (remembered) return remembered;
      const row = await db.linkedinAccount.findUnique({
        where: { provider_providerAccountId: { provider: "unipile", providerAccountId } },
        select: { checkpoint: true },
      });
      const stored = row?.checkpoint as (ProviderCheckpoint & { requestedAt?: string }) | null | undefined;
      if (!stored?.type || !stored.requestedAt) return null;
      if (Date.parse(stored.requestedAt) + windowMs <= now().getTime()) return null;
      return {
        type: stored.type,
        input: stored.input,
        canResend: stored.canResend,
        canTryAnotherWay: stored.canTryAnotherWay,
        hostedUrl: stored.hostedUrl ?? null,
      };
    },
  };
}
