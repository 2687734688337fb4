// Recomputes a mailbox's overall health (Mailbox.health) from what is stored: called after the DNS
// checks, a deliverability test or a warmup sync wrote their part, inside their transaction when given.
import { db, type DbClient } from "../../../db/client";
import { overallMailboxHealth, type HealthFacts, type OverallHealth } from "../../../domain/mail/mailbox-health";
import { linksOnOtherDomain, linksWithoutHttps, mailboxTracking } from "../../../domain/mail/tracking-domain";
import { publicUrl } from "../../../env";
import { findMailboxTrackingDomains } from "../tracking/find-mailbox-tracking-domains";
import { healthOfInboxRate } from "../../../domain/mail/warmup-ramp";
import { readDnsHealth } from "../../../schemas/mailbox-health";

export async function refreshMailboxHealth(mailboxId: string, client: DbClient = db): Promise<OverallHealth | null> {
  const mailbox = await client.mailbox.findUnique({
    where: { id: mailboxId },
    select: { workspaceId: true, email: true, trackingDomainId: true, dnsHealth: true, warmup: { select: { status: true, healthScore: true, inboxRate: true } } },
  });
  if (!mailbox) return null;
  const test = await client.deliverabilityTest.findFirst({
    where: { mailboxId, status: { in: ["done", "failed"] } },
    orderBy: { startedAt: "desc" },
    select: { status: true, landing: true, blocklistIp: true, blocklistDomain: true },
  });
  const domains = await findMailboxTrackingDomains(mailbox, client);
  const tracking = mailboxTracking({ heraldUrl: publicUrl(), ...domains });
  const inboxRate = mailbox.warmup?.healthScore == null ? null : mailbox.warmup.inboxRate;
  const facts: HealthFacts = {
    dns: readDnsHealth(mailbox.dnsHealth)?.status ?? null,
    test: test
      ? {
          failed: test.status === "failed",
          landing: (test.landing as NonNullable<HealthFacts["test"]>["landing"]) ?? null,
          blocklisted: test.blocklistIp === "listed" || test.blocklistDomain === "listed",
        }
      : null,
    warmup: inboxRate === null ? null : healthOfInboxRate(inboxRate),
    linksOnOtherDomain: linksOnOtherDomain(mailbox.email, tracking.host) !== null,
    linksWithoutHttps: linksWithoutHttps(tracking, domains) !== null,
  };
  const health = overallMailboxHealth(facts);
  await client.mailbox.updateMany({ where: { id: mailboxId, NOT: { health } }, data: { health } });
  return health;
}
