// An order row with its domains and mailboxes as the API shows it (the spec's Mailbox order).
import type { Prisma } from "../../db/client";
import type { TMailboxOrder } from "../../schemas/mailbox-order";
import { ZMailboxOrder } from "../../schemas/mailbox-order";
import { readDomainDnsRecords, readOrderLines, readOrderWarmupStrategy } from "./mailbox-order-columns";

/** What to include when reading an order for the API: domains and mailboxes in their order. */
export const ORDER_INCLUDE = {
  domains: { orderBy: { position: "asc" }, include: { mailboxes: { orderBy: { position: "asc" } } } },
} as const satisfies Prisma.MailboxOrderInclude;

export type MailboxOrderRow = Prisma.MailboxOrderGetPayload<{ include: typeof ORDER_INCLUDE }>;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toMailboxOrder(row: MailboxOrderRow): TMailboxOrder {
  return ZMailboxOrder.parse({
    id: row.id,
    status: row.status,
    delayed: row.delayed,
    statusLabel: row.statusLabel,
    createdVia: row.createdVia,
    warmup: { enabled: row.warmupEnabled, strategy: readOrderWarmupStrategy(row.warmupStrategy) },
    domains: row.domains.map((domain) => ({
      name: domain.name,
      existing: domain.existing,
      platform: domain.platform,
      years: domain.years,
      redirectUrl: domain.redirectUrl,
      status: domain.status,
      refusedReason: domain.refusedReason,
      dnsRecords: readDomainDnsRecords(domain.dnsRecords),
      mailboxes: domain.mailboxes.map((mailbox) => ({
        email: mailbox.email,
        firstName: mailbox.firstName,
        lastName: mailbox.lastName,
        step: mailbox.step,
        isAdmin: mailbox.isAdmin,
        accountId: mailbox.accountId,
        connectedAt: iso(mailbox.connectedAt),
      })),
    })),
    totals: { totalCents: row.totalCents, currency: row.currency },
    lines: readOrderLines(row.lines),
    payment: {
      provider: row.billingProvider,
      status: row.paymentStatus,
      checkoutUrl: row.paymentStatus === "pending" ? row.checkoutUrl : null,
      refundedCents: row.refundedCents,
      paidAt: iso(row.paidAt),
    },
    expiresAt: row.expiresAt.toISOString(),
    completedAt: iso(row.completedAt),
    cancelledAt: iso(row.cancelledAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });
}
