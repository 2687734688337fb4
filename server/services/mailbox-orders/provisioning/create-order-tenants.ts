// Pipeline step `provisioning` (1/3): a mail platform tenant for each live domain, waited on until
// the platform verified the domain. A domain the workspace already holds through Herald keeps its
// tenant (its ManagedDomain's). The tenant's records, with DMARC, are stored on the order domain:
// Herald publishes them for the domains it registered (publish-order-dns.ts); for the workspace's
// own domain they are what its owner publishes. ensureTenant finds the tenant of a domain it was
// asked for before, so a repeat creates nothing. While a tenant waits, the records it has given so
// far are published (when they changed) for a domain Herald registered: Microsoft 365 verifies a domain only once its
// verification TXT is visible, and names the mail records only after that.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { getMailPlatform } from "../../../providers/mail-platform";
import { getRegistrar } from "../../../providers/registrar";
import type { TDnsRecord } from "../../../schemas/mailbox-order";
import { readDomainDnsRecords } from "../mailbox-order-columns";
import { DONE, liveDomains, moveOrderStatus, orderForStep, STOPPED, type StepOutcome } from "./order-step";

/** The DMARC record Herald adds for every domain it sets up. */
export function dmarcRecord(domain: string): TDnsRecord {
  return { type: "TXT", host: "_dmarc", value: `v=DMARC1; p=none; rua=mailto:postmaster@${domain}`, priority: null };
}

export async function createOrderTenants(orderId: string): Promise<StepOutcome> {
  const found = await orderForStep(orderId, ["placed", "provisioning"]);
  if (!found.order) return found.outcome;
  if (!(await moveOrderStatus(orderId, ["placed"], "provisioning"))) return STOPPED;
  const order = found.order;
  const platform = await getMailPlatform();
  let waitingOn: string | null = null;
  for (const domain of liveDomains(order)) {
    if (domain.existing && !domain.tenantId) {
      const managed = await db.managedDomain.findFirst({ where: { name: domain.name, workspaceId: order.workspaceId } });
      if (managed) {
        await db.mailboxOrderDomain.update({ where: { id: domain.id }, data: { tenantId: managed.tenantId, managedDomainId: managed.id, updatedAt: now() } });
        continue;
      }
    }
    if (domain.managedDomainId && domain.existing) continue;
    const tenant = domain.tenantId
      ? await platform.getTenant({ domain: domain.name, tenantId: domain.tenantId })
      : await platform.ensureTenant({ domain: domain.name, platform: domain.platform === "microsoft" ? "microsoft" : "google", reference: `order:${order.id}:domain:${domain.id}` });
    const records = [...tenant.dnsRecords, dmarcRecord(domain.name)];
    // Published before they are stored, so a failed or interrupted publish is done again at the next look.
    const changed = JSON.stringify(records) !== JSON.stringify(readDomainDnsRecords(domain.dnsRecords));
    if (!tenant.ready && changed && !domain.existing) await (await getRegistrar()).publishDns({ name: domain.name, records, redirectUrl: domain.redirectUrl });
    await db.mailboxOrderDomain.update({ where: { id: domain.id }, data: { tenantId: tenant.tenantId, dnsRecords: records, updatedAt: now() } });
    if (!tenant.ready) waitingOn ??= `Setting up the mail platform for ${domain.name}`;
  }
  return waitingOn ? { state: "waiting", waitingOn } : DONE;
}
