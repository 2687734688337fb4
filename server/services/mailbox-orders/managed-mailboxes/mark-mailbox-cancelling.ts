// The change a cancel makes, whether a person cancels (cancel-managed) or renewal gave up after
// repeated declines: the mailbox runs until its renewal date, then the renewal cron removes it.
import type { Prisma } from "../../../db/client";
import type { Mailbox } from "../../../db/generated/client";

/**
 * Locks the mailbox's domain (cancels of one domain's mailboxes take turns, so the admin rule sees
 * the others as they are) and returns its row with the domain's other mailboxes still active.
 */
export async function lockManagedDomain(tx: Prisma.TransactionClient, mailbox: Pick<Mailbox, "id" | "managedDomainId">) {
  await tx.$queryRaw`SELECT id FROM "ManagedDomain" WHERE id = ${mailbox.managedDomainId} FOR UPDATE`;
  const current = await tx.mailbox.findUnique({ where: { id: mailbox.id } });
  const othersActive = await tx.mailbox.count({
    where: { managedDomainId: mailbox.managedDomainId, id: { not: mailbox.id }, managedStatus: "active" },
  });
  return { current, othersActive };
}

/** Sets the mailbox cancelling at its renewal date; an admin mailbox closes its domain to new mailboxes. */
export async function markMailboxCancelling(tx: Prisma.TransactionClient, mailbox: Mailbox, at: Date): Promise<Mailbox> {
  const updated = await tx.mailbox.update({
    where: { id: mailbox.id },
    data: { managedStatus: "cancelling", managedCancelAt: mailbox.managedRenewsAt ?? at, updatedAt: at },
  });
  if (mailbox.managedIsAdmin && mailbox.managedDomainId) {
    await tx.managedDomain.updateMany({
      where: { id: mailbox.managedDomainId, adminCancelledAt: null },
      data: { adminCancelledAt: at, updatedAt: at },
    });
  }
  return updated;
}
