// One managed domain's yearly renewal at its registration's expiry: charged once per period with
// what paid its order, then renewed at the registrar once. A domain with no active mailbox left has
// its renewal stopped instead; a declined charge is retried at the next run.
//
// Renewing once is Herald's job, not the registrar's: Name.com documents its idempotency header for
// creating a domain, not for renewing one (Core API 1.7.0, RenewDomain), so a repeated renewal call
// charges again. Two guards keep it single:
// - a run claims the period's renewal on the domain row (a conditional update) before charging, so
//   two runs at once cannot both reach the registrar; a claim older than CLAIM_LOST_MS is a crashed
//   run's and is taken over;
// - the row's renewsAt is the expiry recorded before the call and only moves once the registrar has
//   answered, so a run taking over (or retrying) first reads the registration's expiry: if it has
//   already moved past the recorded one, the earlier call renewed it and is not repeated.
import { db } from "../../../db/client";
import { env } from "../../../env";
import { getRegistrar } from "../../../providers/registrar";
import type { Registrar } from "../../../providers/registrar/types";
import { chargeRenewalOnce } from "./charge-renewal-once";
import { stopDomainRenewalWhenIdle } from "./stop-domain-renewal";

export type DomainRenewal = "renewed" | "declined" | "stopped" | "busy" | "skipped";

/** A claim older than this is taken as lost (its run crashed) and taken over by the next run. */
const CLAIM_LOST_MS = 10 * 60_000;
/**
 * How far past the recorded expiry the registration's expiry must be to count as renewed already. A
 * renewal adds at least a year; the recorded expiry may differ from the registrar's by hours or days
 * (a registration recorded as pending had an estimated one), never by half a year.
 */
const RENEWED_MARGIN_MS = 182 * 86_400_000;

export function domainRenewalKey(domainId: string, renewsAt: Date): string {
  return `renewal:domain:${domainId}:${renewsAt.toISOString()}`;
}

/** True when a registration now expiring at `current` was renewed since Herald recorded `recorded`. */
export function renewedSince(recorded: Date, current: Date): boolean {
  return current.getTime() - recorded.getTime() > RENEWED_MARGIN_MS;
}

async function renewOnceAtRegistrar(registrar: Registrar, name: string, recorded: Date, reference: string): Promise<Date> {
  const held = await registrar.findRegistration(name);
  if (held && renewedSince(recorded, held.expiresAt)) return held.expiresAt;
  return (await registrar.renewDomain({ name, years: 1, reference })).expiresAt;
}

export async function renewManagedDomain(domainId: string, at: Date): Promise<DomainRenewal> {
  const due = { id: domainId, status: "active", renewalStoppedAt: null, registrar: { not: null }, renewsAt: { lte: at } };
  const domain = await db.managedDomain.findFirst({ where: due });
  if (!domain?.renewsAt) return "skipped";
  if (await stopDomainRenewalWhenIdle(domain.id, at)) return "stopped";
  const renewsAt = domain.renewsAt;
  const claimed = await db.managedDomain.updateMany({
    where: { ...due, renewsAt, OR: [{ renewalClaimedAt: null }, { renewalClaimedAt: { lt: new Date(at.getTime() - CLAIM_LOST_MS) } }] },
    data: { renewalClaimedAt: at },
  });
  if (!claimed.count) return "busy";
  const release = () => db.managedDomain.updateMany({ where: { id: domain.id, renewsAt, renewalClaimedAt: at }, data: { renewalClaimedAt: null } });

  try {
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
    if (charge.outcome !== "paid") {
      await release();
      return charge.outcome;
    }
    const expiresAt = await renewOnceAtRegistrar(registrar, domain.name, renewsAt, key);
    await db.managedDomain.updateMany({ where: { id: domain.id, renewsAt }, data: { renewsAt: expiresAt, renewalClaimedAt: null, updatedAt: at } });
    return "renewed";
  } catch (error) {
    await release();
    throw error;
  }
}
