// The DNS checks of a mailbox's domain (SPF, DKIM, DMARC, MX), run daily for every mailbox
// (inngest/functions/refresh-dns-health.ts), right after a mailbox connects, and on demand; stored
// on the mailbox (dnsHealth, dnsCheckedAt) with its overall health recomputed in the same transaction.
// The on-demand check for a workspace member is services/mailboxes/check-mailbox-dns.ts: it returns
// the Mailbox resource, which this folder may not build (services/mailboxes reads the health from here).
import { db } from "../../db/client";
import { sendingProvider } from "../../domain/email/dns-records";
import { now } from "../../lib/clock";
import { toJsonColumn } from "../../lib/json-column";
import { resolverForMailbox, type DnsResolver } from "../../providers/dns";
import type { TDnsHealth } from "../../schemas/mailbox-health";
import { evaluateDnsRecords } from "./evaluate-dns-records";
import { refreshMailboxHealth } from "./refresh-mailbox-health";

/** The outgoing server of an SMTP mailbox, from its stored settings ({smtp: {host}}). */
function smtpHostOf(settings: unknown): string | null {
  const host = (settings as { smtp?: { host?: unknown } } | null)?.smtp?.host;
  return typeof host === "string" && host.trim() ? host.trim().toLowerCase() : null;
}

/**
 * Checks the mailbox's domain now and stores the result (Mailbox.dnsHealth, dnsCheckedAt, health).
 * Null when the mailbox no longer exists. `resolver` replaces the mailbox's own (tests).
 */
export async function refreshDnsHealth(mailboxId: string, options: { resolver?: DnsResolver } = {}): Promise<TDnsHealth | null> {
  const mailbox = await db.mailbox.findUnique({
    where: { id: mailboxId },
    select: { id: true, email: true, provider: true, connectedVia: true, settings: true, dkimSelector: true },
  });
  if (!mailbox) return null;
  const provider = sendingProvider(mailbox.provider);
  const health = await evaluateDnsRecords(
    options.resolver ?? resolverForMailbox(mailbox),
    {
      domain: mailbox.email.slice(mailbox.email.lastIndexOf("@") + 1),
      provider,
      dkimSelector: mailbox.dkimSelector,
      smtpHost: provider === "smtp" ? smtpHostOf(mailbox.settings) : null,
      managed: mailbox.connectedVia === "managed",
    },
    now(),
  );
  const stored = await db.$transaction(async (tx) => {
    const { count } = await tx.mailbox.updateMany({ where: { id: mailboxId }, data: { dnsHealth: toJsonColumn(health), dnsCheckedAt: new Date(health.checkedAt) } });
    if (count) await refreshMailboxHealth(mailboxId, tx);
    return count > 0;
  });
  return stored ? health : null;
}
