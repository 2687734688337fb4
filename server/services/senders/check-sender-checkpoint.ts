import { db } from "../../db/client";
import { HeraldError } from "../../lib/errors";
import { logger } from "../../lib/logger";
import { getLinkedinProvider } from "../../providers/linkedin";
import { abandonSenderCheckpoint } from "./abandon-sender-checkpoint";
import { applyConnectResult } from "./apply-connect-result";
import { isProviderError } from "./provider-error";
import { completedElsewhere } from "./start-checkpoint-watch";
import { reconnectOrigin, toCheckpoint } from "./to-sender-account";
import { readCheckpoint } from "./sender-columns";

export type CheckpointWatchState = "pending" | "cleared" | "expired" | "ended";

/**
 * One look at a pending verification step completed outside Herald: the live session is read and,
 * once the sender is up, the step clears exactly as a poll of GET /accounts/{id}/checkpoint would.
 * `pending` means look again later; anything else ends the watch.
 */
export async function checkSenderCheckpoint(accountId: string): Promise<CheckpointWatchState> {
  const row = await db.linkedinAccount.findUnique({ where: { id: accountId } });
  const stored = readCheckpoint(row?.checkpoint ?? null);
  if (!row || row.connectionStatus !== "checkpoint_required" || !completedElsewhere(stored)) return "ended";
  if (toCheckpoint(stored)!.expired) {
    // A first connect's expired step stays shown, holding no seat; a reconnecting sender goes back.
    if (reconnectOrigin(row)) {
      await abandonSenderCheckpoint(row, { code: "checkpoint-expired", message: "The verification step expired (five minutes): reconnect the sender again." });
    }
    return "expired";
  }
  const provider = await getLinkedinProvider();
  try {
    const result = await provider.checkCheckpoint(row.providerAccountId);
    if (result.status !== "connected") return "pending";
    await applyConnectResult(row, result);
    return "cleared";
  } catch (error) {
    if (isProviderError(error) && error.retryable) return "pending";
    // Already connected elsewhere (the attempt was failed with its event), or LinkedIn no longer
    // knows the step: the watch ends; a poll reports the stored state.
    if (isProviderError(error) || error instanceof HeraldError) {
      logger.info("Stopped watching a sender's verification", { accountId, code: error.code });
      return "ended";
    }
    throw error;
  }
}
