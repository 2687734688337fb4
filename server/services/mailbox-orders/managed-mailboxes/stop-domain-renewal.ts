// A managed domain's renewal stops with its last mailbox: the registrar's own automatic renewal is
// turned off and Herald's renewal cron no longer renews it (status expiring; expired at renewsAt).
import { db } from "../../../db/client";
import { getRegistrar } from "../../../providers/registrar";

/**
 * Stops the domain's renewal when none of its mailboxes is active any more. True when it is stopped
 * (now or before). Safe to repeat: setAutoRenew(false) again is harmless and the columns are set once.
 */
export async function stopDomainRenewalWhenIdle(domainId: string, at: Date): Promise<boolean> {
  const domain = await db.managedDomain.findUnique({ where: { id: domainId } });
  if (!domain) return false;
  if (domain.renewalStoppedAt) return true;
  const active = await db.mailbox.count({ where: { managedDomainId: domainId, managedStatus: "active" } });
  if (active) return false;
  // A domain Herald did not register has no registration to stop.
  if (domain.registrar) await (await getRegistrar()).setAutoRenew(domain.name, false);
  await db.managedDomain.updateMany({
    where: { id: domainId, renewalStoppedAt: null },
    data: { renewalStoppedAt: at, status: domain.status === "expired" ? "expired" : "expiring", updatedAt: at },
  });
  return true;
}
