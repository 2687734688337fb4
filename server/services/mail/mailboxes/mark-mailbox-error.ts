import { now } from "../../../lib/clock";
import type { MailProviderError } from "../../../providers/mail/types";
import { withOutbox } from "../../events/with-outbox";
import { emitMailboxEvent } from "./emit-mailbox-event";
import { mailErrorReason } from "./mail-error-reason";

/**
 * Puts a mailbox in status `error` with the reason in plain words and tells the workspace
 * (account.status_changed), once: a mailbox already in error for the same reason is left alone, and
 * a mailbox removed meanwhile is nothing to mark. Campaigns stop sending from it until it is
 * reconnected (saveConnectedMailbox clears the error).
 */
export async function markMailboxError(mailboxId: string, error: MailProviderError): Promise<void> {
  const reason = mailErrorReason(error);
  await withOutbox(async (tx, emit) => {
    const before = await tx.mailbox.findUnique({ where: { id: mailboxId }, select: { status: true } });
    if (!before) return;
    // The condition is re-checked under the row lock, so two passes failing at once emit one event.
    const changed = await tx.mailbox.updateMany({
      where: { id: mailboxId, OR: [{ status: { not: "error" } }, { error: null }, { error: { not: reason } }] },
      data: { status: "error", error: reason, updatedAt: now() },
    });
    if (!changed.count) return;
    const row = await tx.mailbox.findUniqueOrThrow({ where: { id: mailboxId } });
    await emitMailboxEvent(tx, emit, row, "account.status_changed", { previousStatus: before.status });
  });
}
