// The hourly renewal of managed mailboxes and their domains (inngest/functions/renew-managed-mailboxes.ts):
// due mailboxes are charged and renewed for a month, cancelled ones removed at their cancel date,
// due domains renewed for a year (or their renewal stopped with their last mailbox), stopped ones
// marked expired at their expiry. Every item stands alone: one failing is logged and retried at the
// next run, the others go on. Two runs at once charge and remove each thing once (the charge's
// period row and conditional updates decide).
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { logger } from "../../../lib/logger";
import { removeCancelledManagedMailbox } from "../../mail/removal/remove-cancelled-managed-mailbox";
import { renewManagedDomain, type DomainRenewal } from "./renew-managed-domain";
import { renewManagedMailbox, type MailboxRenewal } from "./renew-managed-mailbox";

const BATCH = 500;

export interface RenewalReport {
  mailboxes: Record<MailboxRenewal | "failed", number>;
  removed: number;
  domains: Record<DomainRenewal | "failed", number>;
  expired: number;
}

async function each<T extends string>(ids: string[], what: string, work: (id: string) => Promise<T>, counts: Record<T | "failed", number>): Promise<void> {
  for (const id of ids) {
    try {
      counts[await work(id)] += 1;
    } catch (error) {
      counts.failed += 1;
      logger.error(`managed renewal: ${what} failed; the next run tries again`, { id, error: error instanceof Error ? error.message : String(error) });
    }
  }
}

export async function renewManagedMailboxes(at: Date = now()): Promise<RenewalReport> {
  const report: RenewalReport = {
    mailboxes: { renewed: 0, declined: 0, cancelled: 0, busy: 0, skipped: 0, failed: 0 },
    removed: 0,
    domains: { renewed: 0, declined: 0, stopped: 0, busy: 0, skipped: 0, failed: 0 },
    expired: 0,
  };

  const dueMailboxes = await db.mailbox.findMany({
    where: { connectedVia: "managed", managedStatus: "active", managedRenewsAt: { lte: at } },
    select: { id: true },
    orderBy: { managedRenewsAt: "asc" },
    take: BATCH,
  });
  await each(dueMailboxes.map((row) => row.id), "renewing a mailbox", (id) => renewManagedMailbox(id, at), report.mailboxes);

  // After the renewals: a mailbox cancelled for its declines just now is removed in this run.
  const cancelled = await db.mailbox.findMany({
    where: { connectedVia: "managed", managedStatus: "cancelling", managedCancelAt: { lte: at } },
    select: { id: true },
    take: BATCH,
  });
  const removals = { removed: 0, skipped: 0, failed: 0 };
  await each(cancelled.map((row) => row.id), "removing a cancelled mailbox", async (id) => ((await removeCancelledManagedMailbox(id, at)) ? "removed" : "skipped"), removals);
  report.removed = removals.removed;

  const dueDomains = await db.managedDomain.findMany({
    where: { status: "active", renewalStoppedAt: null, registrar: { not: null }, renewsAt: { lte: at } },
    select: { id: true },
    orderBy: { renewsAt: "asc" },
    take: BATCH,
  });
  await each(dueDomains.map((row) => row.id), "renewing a domain", (id) => renewManagedDomain(id, at), report.domains);

  const expired = await db.managedDomain.updateMany({
    where: { status: "expiring", renewalStoppedAt: { not: null }, renewsAt: { lte: at } },
    data: { status: "expired", updatedAt: at },
  });
  report.expired = expired.count;
  return report;
}
