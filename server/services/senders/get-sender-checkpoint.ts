import type { LinkedinAccount } from "../../db/generated/client";
import type { Actor } from "../../lib/actor";
import { getLinkedinProvider } from "../../providers/linkedin";
import type { TSenderCheckpointState } from "../../schemas/sender";
import { applyConnectResult } from "./apply-connect-result";
import { findSender } from "./find-sender";
import { isProviderError } from "./provider-error";
import { toCheckpoint, toSenderAccount } from "./to-sender-account";
import { readCheckpoint } from "./sender-columns";

export async function checkpointState(row: LinkedinAccount): Promise<TSenderCheckpointState> {
  const checkpoint = row.connectionStatus === "checkpoint_required" ? toCheckpoint(readCheckpoint(row.checkpoint)) : null;
  return { checkpoint, resolved: row.connectionStatus === "connected", account: await toSenderAccount(row) };
}

/**
 * The pending verification step. Re-reads the live session first, so an IN_APP_VALIDATION approved
 * in the LinkedIn app or a CAPTCHA solved on LinkedIn's page clears as soon as the sender is up.
 */
export async function getSenderCheckpoint(actor: Actor, accountId: string): Promise<TSenderCheckpointState> {
  let row = await findSender(actor, accountId);
  const stored = toCheckpoint(readCheckpoint(row.checkpoint));
  if (row.connectionStatus === "checkpoint_required" && stored && !stored.expired) {
    const provider = await getLinkedinProvider();
    try {
      const result = await provider.checkCheckpoint(row.providerAccountId);
      if (result.status === "connected") row = await applyConnectResult(row, result);
    } catch (error) {
      // The session could not be read now: report the stored state; the caller polls again.
      if (!isProviderError(error)) throw error;
    }
  }
  return checkpointState(row);
}
