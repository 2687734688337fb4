// One managed domain's yearly renewal at its registration's expiry: charged once per period with
// what paid its order, then renewed at the registrar (the charge's key as the registrar's
// reference, so a repeated call renews once). A domain with no active mailbox left has its renewal
// stopped instead; a declined charge is retried at the next run.
import { db } from "../../../db/client";
import { env } from "../../../env";
import { getRegistrar } from "../../../providers/registrar";
import { chargeRenewalOnce } from "./charge-renewal-once";
import { stopDomainRenewalWhenIdle } from "./stop-domain-renewal";

export type DomainRenewal = "renewed" | "declined" | "stopped" | "busy" | "skipped";

export function domainRenewalKey(domainId: string, renewsAt: Date): string {
  return `renewal:domain:${domainId}:${renewsAt.toISOString()}`;
}

export async function renewManagedDomain(domainId: string, at: Date): Promise<DomainRenewal> {
  const domain = await db.managedDomain.findFirst({
    where: { id: domainId, status: "active", renewalStoppedAt: null, registrar: { not: null }, renewsAt: { lte: at } },
  });
  if (!domain?.renewsAt) return "skipped";
  if (await stopDomainRenewalWhenIdle(domain.id, at)) return "stopped";
  const renewsAt = domain.renewsAt;
  const [order, ordered] = await Promise.all([
    db.mailboxOrder.findUnique({ where: { id: domain.orderId }, select: { paymentId: true } }),
    db.mailboxOrderDomain.findFirst({ where: { orderId: domain.orderId, name: domain.name }, select: { priceCents: true, years: true } }),
  ]);
  if (!order?.paymentId) throw new Error(`The order that bought ${domain.name} has no payment to charge its renewal with`);
  const registrar = await getRegistrar();
  const [offer] = await registrar.checkDomains([domain.name]);
  // The registrar quotes a renewal price for names it holds; the order's yearly price otherwise.
  const amountCents = offer?.renewalCents ?? Math.round((ordered?.priceCents ?? 0) / Math.max(1, ordered?.years ?? 1));
  const key = domainRenewalKey(domain.id, renewsAt);

  const charge = await chargeRenewalOnce({
    key,
    kind: "domain_renewal",
    workspaceId: domain.workspaceId,
    orderId: domain.orderId,
    paymentId: order.paymentId,
    amountCents,
    currency: env().HERALD_BILLING_CURRENCY,
    description: `Domain ${domain.name}, one year from ${renewsAt.toISOString().slice(0, 10)}`,
    subject: domain.name,
    at,
  });
  if (charge.outcome === "busy") return "busy";
  if (charge.outcome === "declined") return "declined";
  const renewed = await registrar.renewDomain({ name: domain.name, years: 1, reference: key });
  await db.managedDomain.updateMany({ where: { id: domain.id, renewsAt }, data: { renewsAt: renewed.expiresAt, updatedAt: at } });
  return "renewed";
}
