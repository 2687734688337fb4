// Pipeline step `provisioning` (3/3): the DNS of each domain Herald registered is published at the
// registrar (the tenant's MX, SPF and DKIM, DMARC, and the web redirect); publishDns makes the DNS
// hold exactly these records, so a repeat changes nothing. The workspace's own domains get no DNS
// work: their records stay on the order for their owner. Each live domain is then `provisioned`.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { getRegistrar } from "../../../providers/registrar";
import { readDomainDnsRecords } from "../mailbox-order-columns";
import { DONE, liveDomains, orderForStep, type StepOutcome } from "./order-step";

export async function publishOrderDns(orderId: string): Promise<StepOutcome> {
  const found = await orderForStep(orderId, ["provisioning"]);
  if (!found.order) return found.outcome;
  for (const domain of liveDomains(found.order)) {
    if (!domain.existing && !domain.dnsPublishedAt) {
      const registrar = await getRegistrar();
      await registrar.publishDns({ name: domain.name, records: readDomainDnsRecords(domain.dnsRecords), redirectUrl: domain.redirectUrl });
      await db.mailboxOrderDomain.update({ where: { id: domain.id }, data: { dnsPublishedAt: now(), updatedAt: now() } });
    }
    if (domain.status !== "provisioned" && domain.status !== "connected") {
      await db.mailboxOrderDomain.update({ where: { id: domain.id }, data: { status: "provisioned", updatedAt: now() } });
    }
  }
  return DONE;
}
