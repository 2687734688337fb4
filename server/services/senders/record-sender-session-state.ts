// The state of a sender's LinkedIn session as the provider reports it (a webhook, the hourly
// refresh, an action that failed on a broken session), turned into the sender's status and an
// account.status_changed event.
import { db } from "../../db/client";
import type { LinkedinAccount } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { logger } from "../../lib/logger";
import type { ProviderAccountState } from "../../providers/linkedin/types";
import { withOutbox } from "../events/with-outbox";
import { checkSenderCheckpoint } from "./check-sender-checkpoint";
import { emitAccountEvent } from "./emit-account-event";

const STATUS_OF_STATE: Record<ProviderAccountState, { status: LinkedinAccount["status"]; connectionStatus: string; error: string | null }> = {
  ok: { status: "active", connectionStatus: "connected", error: null },
  checkpoint: { status: "error", connectionStatus: "reconnect_required", error: "LinkedIn asks for a verification: reconnect the sender" },
  credentials: { status: "error", connectionStatus: "reconnect_required", error: "LinkedIn ended the session: reconnect the sender" },
  restricted: { status: "suspended", connectionStatus: "connected", error: "LinkedIn restricted the account" },
  disconnected: { status: "disconnected", connectionStatus: "reconnect_required", error: "The LinkedIn session was disconnected" },
};

/**
 * Records the session state of the sender the provider knows as `providerAccountId`. The sender is
 * read afresh, so a caller holding an older copy of it cannot undo a change made meanwhile.
 */
export async function recordSenderSessionState(
  sender: { provider: string; providerAccountId: string },
  state: ProviderAccountState,
  message?: string,
): Promise<void> {
  const account = await db.linkedinAccount.findUnique({
    where: { provider_providerAccountId: { provider: sender.provider, providerAccountId: sender.providerAccountId } },
  });
  if (!account) {
    logger.debug("Provider activity for an unknown account", { providerAccountId: sender.providerAccountId, kind: "account.state" });
    return;
  }
  const next = STATUS_OF_STATE[state];
  if (account.connectionStatus === "checkpoint_required") {
    // The provider says the session runs: a verification completed on LinkedIn's side (in-app
    // approval, captcha) clears now instead of at the background watcher's next look.
    if (state === "ok") await checkSenderCheckpoint(account.id);
    return;
  }
  if (account.connectionStatus !== "connected" && account.connectionStatus !== "reconnect_required") return;
  if (account.status === next.status && account.connectionStatus === next.connectionStatus) return;
  await withOutbox(async (tx, emit) => {
    const updated = await tx.linkedinAccount.update({
      where: { id: account.id },
      data: { status: next.status, connectionStatus: next.connectionStatus, error: message ?? next.error, updatedAt: now() },
    });
    await emitAccountEvent(tx, emit, updated, "account.status_changed", { previousStatus: account.status });
  });
}
