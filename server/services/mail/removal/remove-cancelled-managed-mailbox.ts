// A cancelled managed mailbox at its cancel date: the mail platform deletes its user first (billing
// for it stops with the row), then it is removed as any mailbox is (delete-mailbox-rows.ts).
import { db } from "../../../db/client";
import { getMailPlatform } from "../../../providers/mail-platform";
import { deleteMailboxRows } from "./delete-mailbox-rows";

/**
 * Removes the mailbox when it is managed, cancelling, and its cancel date has come by `at`. False
 * when it is not (or no longer) due. Safe to repeat and to run twice at once: the platform's
 * removeUser is a no-op for a gone user, and only one caller deletes the row.
 */
export async function removeCancelledManagedMailbox(mailboxId: string, at: Date): Promise<boolean> {
  const due = { connectedVia: "managed", managedStatus: "cancelling", managedCancelAt: { lte: at } };
  const row = await db.mailbox.findFirst({ where: { id: mailboxId, ...due }, include: { managedDomain: true } });
  if (!row) return false;
  const { managedDomain, ...mailbox } = row;
  if (managedDomain && row.managedUserId) {
    const platform = await getMailPlatform();
    await platform.removeUser({ tenantId: managedDomain.tenantId, userId: row.managedUserId, email: row.email });
  }
  return deleteMailboxRows(mailbox, due);
}
