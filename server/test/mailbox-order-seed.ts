// Orders for tests that need one without going through quoting and paying: written straight to
// the tables, priced simply (domain 1,200 ¢ a year, mailbox 700 ¢), `paid` by the sandbox unless
// another status is asked.
import { db } from "../db/client";
import { now } from "../lib/clock";
import type { TMailboxOrderStatus, TMailPlatform } from "../schemas/mailbox-order";

export interface SeedOrderDomain {
  name: string;
  platform?: TMailPlatform;
  existing?: boolean;
  years?: number;
  redirectUrl?: string | null;
  mailboxes: { localPart: string; firstName?: string; lastName?: string }[];
}

let sequence = 0;

/** A unique domain name for a test (`label-<n>-<random>.com`), so tests never share one. */
export function testDomainName(label = "herald-test"): string {
  sequence += 1;
  return `${label}-${sequence}-${Math.random().toString(36).slice(2, 8)}.com`;
}

export async function seedMailboxOrder(
  workspaceId: string,
  domains: SeedOrderDomain[],
  options: { status?: TMailboxOrderStatus; warmupEnabled?: boolean } = {},
) {
  const at = now();
  const status = options.status ?? "paid";
  const paid = status !== "quoted";
  const priced = domains.map((domain) => ({ ...domain, priceCents: domain.existing ? 0 : 1200 * (domain.years ?? 1) }));
  const totalCents = priced.reduce((sum, domain) => sum + domain.priceCents + 700 * domain.mailboxes.length, 0);
  const order = await db.mailboxOrder.create({
    data: {
      workspaceId,
      status,
      createdVia: "api",
      warmupEnabled: options.warmupEnabled ?? true,
      totalCents,
      lines: [{ description: "Test order", amountCents: totalCents }],
      expiresAt: new Date(at.getTime() + 86_400_000),
      billingProvider: paid ? "sandbox" : null,
      paymentStatus: paid ? "paid" : "none",
      paymentId: paid ? `sbx_pay_test_${Math.random().toString(36).slice(2, 10)}` : null,
      paidAt: paid ? at : null,
      stepStartedAt: at,
      createdAt: at,
      updatedAt: at,
      domains: {
        create: priced.map((domain, position) => ({
          position,
          name: domain.name,
          existing: domain.existing ?? false,
          platform: domain.platform ?? "google",
          years: domain.years ?? 1,
          redirectUrl: domain.redirectUrl ?? null,
          priceCents: domain.priceCents,
          mailboxPriceCents: 700,
          createdAt: at,
          updatedAt: at,
        })),
      },
    },
    include: { domains: { orderBy: { position: "asc" } } },
  });
  for (const [index, domain] of order.domains.entries()) {
    const input = priced[index]!;
    await db.mailboxOrderMailbox.createMany({
      data: input.mailboxes.map((mailbox, position) => ({
        domainId: domain.id,
        orderId: order.id,
        position,
        email: `${mailbox.localPart}@${domain.name}`,
        firstName: mailbox.firstName ?? mailbox.localPart,
        lastName: mailbox.lastName ?? "Test",
        isAdmin: !domain.existing && position === 0,
        createdAt: at,
        updatedAt: at,
      })),
    });
  }
  if (paid) {
    await db.billingPayment.create({
      data: {
        workspaceId,
        orderId: order.id,
        kind: "order",
        key: `order:${order.id}`,
        amountCents: totalCents,
        currency: "usd",
        provider: "sandbox",
        externalId: order.paymentId,
        status: "succeeded",
        description: "Test order",
        createdAt: at,
        updatedAt: at,
      },
    });
  }
  return order;
}
