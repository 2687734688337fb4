// The `managed` object of the Mailbox resource (mailboxes bought through Herald): its domain and
// platform come from the ManagedDomain, a declined renewal from the renewal's BillingPayment.
import type { DbClient } from "../../../db/client";
import type { Mailbox, ManagedDomain } from "../../../db/generated/client";
import { toIso } from "../../../schemas/common";
import { ZMailboxManaged, type TMailboxManaged } from "../../../schemas/mailbox";

const ZManagedStatus = ZMailboxManaged.shape.status;
const ZPlatform = ZMailboxManaged.shape.provider;

/** The once-per-period key of a mailbox's renewal charge: one BillingPayment row per mailbox and period. */
export function mailboxRenewalKey(mailboxId: string, renewsAt: Date): string {
  return `renewal:mailbox:${mailboxId}:${renewsAt.toISOString()}`;
}

export interface ManagedExtras {
  domains: Map<string, Pick<ManagedDomain, "id" | "name" | "platform">>;
  /** Why the current period's renewal charge failed, by mailbox id (only declined ones). */
  renewalProblems: Map<string, string>;
}

/** The domains and declined renewals of a page of mailboxes: two queries, none when none is managed. */
export async function loadManaged(rows: Mailbox[], client: DbClient): Promise<ManagedExtras> {
  const managed = rows.filter((row) => row.connectedVia === "managed" && row.managedDomainId);
  if (!managed.length) return { domains: new Map(), renewalProblems: new Map() };
  const keys = new Map(managed.filter((row) => row.managedRenewsAt).map((row) => [mailboxRenewalKey(row.id, row.managedRenewsAt!), row.id]));
  const [domains, declined] = await Promise.all([
    client.managedDomain.findMany({
      where: { id: { in: [...new Set(managed.map((row) => row.managedDomainId!))] } },
      select: { id: true, name: true, platform: true },
    }),
    keys.size
      ? client.billingPayment.findMany({ where: { key: { in: [...keys.keys()] }, status: "failed" }, select: { key: true, description: true } })
      : Promise.resolve([]),
  ]);
  return {
    domains: new Map(domains.map((domain) => [domain.id, domain])),
    renewalProblems: new Map(declined.map((payment) => [keys.get(payment.key)!, payment.description])),
  };
}

export function toManaged(row: Mailbox, extras: ManagedExtras): TMailboxManaged | null {
  const domain = row.managedDomainId ? extras.domains.get(row.managedDomainId) : undefined;
  if (row.connectedVia !== "managed" || !domain) return null;
  return {
    provider: ZPlatform.parse(domain.platform),
    domain: domain.name,
    status: ZManagedStatus.catch("active").parse(row.managedStatus),
    renewsAt: toIso(row.managedRenewsAt),
    cancelAt: toIso(row.managedCancelAt),
    isAdmin: row.managedIsAdmin,
    renewalProblem: extras.renewalProblems.get(row.id) ?? null,
  };
}
