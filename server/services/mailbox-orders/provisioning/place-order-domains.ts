// Pipeline step `placing`: registers the order's new domains at the registrar, each exactly once.
// The intent (registerRequestedAt) is written before the call; a domain with an intent and no
// registrar id was sent before and its answer never stored (lost, or the process died), so the
// registrar is asked (findRegistration) and only a name its account does not hold is sent again.
// A lost answer (ProvisioningError `timeout`) puts the order in `placing_unknown` until that
// question is answered. A refused name is refunded (refuse-order-domain.ts), and so is a name
// Herald's account holds already for another order. Done once every live domain's registration is active.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { isProvisioningError } from "../../../providers/provisioning-error";
import { getRegistrar } from "../../../providers/registrar";
import type { Registrar, Registration } from "../../../providers/registrar/types";
import type { MailboxOrderRow } from "../to-mailbox-order";
import { DONE, loadProvisioningOrder, moveOrderStatus, orderForStep, STOPPED, type StepOutcome } from "./order-step";
import { cancelFullyRefusedOrder, refuseOrderDomain } from "./refuse-order-domain";

type OrderDomain = MailboxOrderRow["domains"][number];

const PLACING = ["paid", "placing", "placing_unknown"] as const;

type DomainResult = "registered" | "pending" | "unknown" | "refused";

export async function placeOrderDomains(orderId: string): Promise<StepOutcome> {
  const found = await orderForStep(orderId, PLACING);
  if (!found.order) return found.outcome;
  if (!(await moveOrderStatus(orderId, ["paid"], "placing")) && found.order.status === "paid") return STOPPED;
  const order = found.order;
  const registrar = await getRegistrar();
  let waitingOn: string | null = null;
  let unknown = false;
  for (const domain of order.domains) {
    if (domain.existing || domain.status === "refused" || domain.registeredAt) continue;
    if (await stopped(orderId)) return STOPPED;
    const result = await placeDomain(order, domain, registrar);
    if (result === "unknown") {
      unknown = true;
      await db.mailboxOrder.updateMany({ where: { id: orderId, status: "placing" }, data: { status: "placing_unknown", updatedAt: now() } });
    }
    if ((result === "pending" || result === "unknown") && !waitingOn) {
      waitingOn = result === "unknown" ? `Confirming the registration of ${domain.name}` : `Registering ${domain.name}`;
    }
  }

  const after = await loadProvisioningOrder(orderId);
  if (!after || !PLACING.includes(after.status as (typeof PLACING)[number])) return STOPPED;
  if (after.domains.every((domain) => domain.status === "refused")) {
    await cancelFullyRefusedOrder(after);
    return STOPPED;
  }
  // Every lost answer was reconciled: the order is plainly placing again (the stage's clock runs on).
  if (!unknown && after.status === "placing_unknown") {
    await db.mailboxOrder.updateMany({ where: { id: orderId, status: "placing_unknown" }, data: { status: "placing", updatedAt: now() } });
  }
  return waitingOn ? { state: "waiting", waitingOn } : DONE;
}

async function stopped(orderId: string): Promise<boolean> {
  const row = await db.mailboxOrder.findUnique({ where: { id: orderId }, select: { status: true } });
  return !row || !PLACING.includes(row.status as (typeof PLACING)[number]);
}

async function placeDomain(order: MailboxOrderRow, domain: OrderDomain, registrar: Registrar): Promise<DomainResult> {
  if (domain.registrarId) return recordRegistration(domain, await registrar.findRegistration(domain.name));
  // Refused before, and its refund not yet through: the refund is repeated, the registrar not asked again.
  if (domain.refusedReason) {
    await refuseOrderDomain(order, domain, domain.refusedReason);
    return "refused";
  }
  const sentBefore = Boolean(domain.registerRequestedAt);
  const held = await registrar.findRegistration(domain.name);
  if (held && sentBefore) return recordRegistration(domain, held);
  if (held) {
    // Herald's account already holds a name this order never asked for: another order's (bought
    // since this one was quoted). Taking it as this order's would hand one domain to two orders.
    await refuseOrderDomain(order, domain, "taken");
    return "refused";
  }
  const at = now();
  await db.mailboxOrderDomain.update({ where: { id: domain.id }, data: { registerRequestedAt: at, status: "registering", updatedAt: at } });
  try {
    const registration = await registrar.registerDomain({ name: domain.name, years: domain.years, reference: `order:${order.id}:domain:${domain.id}` });
    return recordRegistration(domain, registration);
  } catch (error) {
    if (!isProvisioningError(error)) throw error;
    if (error.kind === "timeout") return "unknown";
    // Sent again after an answer was lost, a `taken` may be this order's own first registration that
    // the registrar does not list yet: asked about again, not refused (past its time, the team looks).
    if (error.kind === "refused" && error.reason === "taken" && sentBefore) return "unknown";
    if (error.kind === "refused") {
      await refuseOrderDomain(order, domain, error.reason ?? "refused");
      return "refused";
    }
    throw error;
  }
}

async function recordRegistration(domain: OrderDomain, registration: Registration | null): Promise<DomainResult> {
  // Asked about a registration it stored an id for, the registrar no longer knows it: not something to register again blindly.
  if (!registration) throw new Error(`The registrar no longer knows the registration of ${domain.name}`);
  const active = registration.status === "active";
  const at = now();
  await db.mailboxOrderDomain.update({
    where: { id: domain.id },
    data: {
      registrarId: registration.registrationId,
      status: active ? "registered" : "registering",
      registeredAt: active ? at : null,
      updatedAt: at,
    },
  });
  return active ? "registered" : "pending";
}
