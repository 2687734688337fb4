// The DNS checks of a mailbox's domain (SPF, DKIM, DMARC, MX), run daily for every mailbox
// (inngest/functions/refresh-dns-health.ts), right after a mailbox connects, and on demand; stored
// on the mailbox (dnsHealth, dnsCheckedAt) with its overall health recomputed in the same transaction.
// The on-demand check for a workspace member is services/mail/mailboxes/check-mailbox-dns.ts: it returns
// the Mailbox resource, which this folder may not build (services/mail/mailboxes reads the health from here).
import { db } from "../../../db/client";
import { sendingProvider } from "../../../domain/mail/dns-records";
import { now } from "../../../lib/clock";
import { toJsonColumn } from "../../../lib/json-column";
import { resolverForMailbox, type DnsResolver } from "../../../providers/dns";
import type { TDnsHealth } from "../../../schemas/mailbox-health";
import { evaluateDnsRecords } from "./evaluate-dns-records";
import { refreshMailboxHealth } from "./refresh-mailbox-health";
import { readDnsHealth } from "../../../schemas/mailbox-health";

/** The outgoing server of an SMTP mailbox, from its stored settings ({smtp: {host}}). */
function smtpHostOf(settings: unknown): string | null {
  const host = (settings as { smtp?: { host?: unknown } } | null)?.smtp?.host;
  return typeof host === "string" && host.trim() ? host.trim().toLowerCase() : null;
}

export interface RefreshDnsHealthOptions {
  /** Replaces the mailbox's own resolver (tests). */
  resolver?: DnsResolver;
  /**
   * The daily sweep: a check of another mailbox on the same domain, sending through the same
   * service with the same DKIM selector, at most this old, is taken instead of asking the DNS again
   * (an installation with hundreds of mailboxes on one domain asks once). On demand checks always ask.
   */
  shareWithinMs?: number;
}

/** A recent check of a mailbox that would be checked exactly the same way (not SMTP: its server is its own). */
async function sharedCheck(mailbox: { id: string; email: string; provider: string; dkimSelector: string | null }, withinMs: number): Promise<TDnsHealth | null> {
  if (sendingProvider(mailbox.provider) === "smtp") return null;
  const twin = await db.mailbox.findFirst({
    where: {
      id: { not: mailbox.id },
      email: { endsWith: mailbox.email.slice(mailbox.email.lastIndexOf("@")) },
      provider: mailbox.provider,
      dkimSelector: mailbox.dkimSelector,
      dnsCheckedAt: { gte: new Date(now().getTime() - withinMs) },
    },
    orderBy: { dnsCheckedAt: "desc" },
    select: { dnsHealth: true },
  });
  return twin ? readDnsHealth(twin.dnsHealth) : null;
}

/**
 * Checks the mailbox's domain now (or takes a twin's fresh check, see `shareWithinMs`) and stores
 * the result (Mailbox.dnsHealth, dnsCheckedAt, health). Null when the mailbox no longer exists.
 */
export async function refreshDnsHealth(mailboxId: string, options: RefreshDnsHealthOptions = {}): Promise<TDnsHealth | null> {
  const mailbox = await db.mailbox.findUnique({
    where: { id: mailboxId },
    select: { id: true, email: true, provider: true, connectedVia: true, settings: true, dkimSelector: true },
  });
  if (!mailbox) return null;
  const smtpHost = mailbox.provider === "smtp" ? smtpHostOf(mailbox.settings) : null;
  const provider = sendingProvider(mailbox.provider, smtpHost);
  const managed = mailbox.connectedVia === "managed";
  const shared = options.shareWithinMs ? await sharedCheck(mailbox, options.shareWithinMs) : null;
  const health: TDnsHealth = shared
    ? { ...shared, managed }
    : await evaluateDnsRecords(
        options.resolver ?? resolverForMailbox(mailbox),
        {
          domain: mailbox.email.slice(mailbox.email.lastIndexOf("@") + 1),
          provider,
          dkimSelector: mailbox.dkimSelector,
          smtpHost: provider === "smtp" ? smtpHost : null,
          managed,
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
