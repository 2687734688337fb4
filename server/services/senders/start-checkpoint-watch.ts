import { inngest } from "@/inngest/client";
import { senderCheckpointPending } from "@/inngest/events";
import { jobRunnerConfigured } from "@/inngest/connection";
import type { LinkedinAccount } from "../../db/generated/client";
import { logger } from "../../lib/logger";
import { readCheckpoint, type StoredCheckpoint } from "./sender-columns";

/** How often the background watcher re-reads a pending in-app or captcha verification. */
export const CHECKPOINT_WATCH_INTERVAL_SECONDS = 10;

/** Steps the person completes on LinkedIn's side, which no API call answers. */
export function completedElsewhere(checkpoint: StoredCheckpoint | null): boolean {
  return checkpoint?.input === "none" || checkpoint?.input === "hosted";
}

/**
 * Starts the background watch of a verification step completed outside Herald, so that it clears
 * (account.connected, account.status_changed) even when nobody polls GET /accounts/{id}/checkpoint.
 * Best effort: without a job runner, or when it cannot be reached, polling still clears the step.
 */
export async function startCheckpointWatch(row: LinkedinAccount): Promise<void> {
  const checkpoint = readCheckpoint(row.checkpoint);
  if (row.connectionStatus !== "checkpoint_required" || !completedElsewhere(checkpoint) || !jobRunnerConfigured()) return;
  try {
    await inngest.send(
      senderCheckpointPending.create(
        { accountId: row.id, workspaceId: row.workspaceId },
        { id: `sender-checkpoint-${row.id}-${checkpoint!.requestedAt}` },
      ),
    );
  } catch (error) {
    logger.warn("Could not start the background watch of a sender's verification; polling still clears it", { error, accountId: row.id });
  }
}

