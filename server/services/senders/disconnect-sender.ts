import { now } from "../../lib/clock";
import type { Actor } from "../../lib/actor";
import { logger } from "../../lib/logger";
import { getLinkedinProvider } from "../../providers/linkedin";
import { withOutbox } from "../events/with-outbox";
import { emitAccountEvent } from "./emit-account-event";
import { findSender } from "./find-sender";

/**
 * Disconnects a sender for good: the LinkedIn session is revoked at the provider, the sender leaves
 * the workspace and its seat is freed. account.status_changed (disconnected) is the last event.
 */
export async function disconnectSender(actor: Actor, accountId: string): Promise<{ id: string; deleted: true }> {
  const row = await findSender(actor, accountId);
  if (!row.providerAccountId.startsWith("pending:")) {
    const provider = await getLinkedinProvider();
    await provider.disconnect(row.providerAccountId).catch((error: unknown) => {
      // The sender still leaves Herald; the provider's session ends when it notices.
      logger.warn("Revoking the provider session failed", { accountId: row.id, error });
    });
  }
  await withOutbox(async (tx, emit) => {
    const gone = { ...row, status: "disconnected" as const, updatedAt: now() };
    await emitAccountEvent(tx, emit, gone, "account.status_changed", { previousStatus: row.status });
    await tx.linkedinAccount.delete({ where: { id: row.id } });
  });
  return { id: row.id, deleted: true };
}
