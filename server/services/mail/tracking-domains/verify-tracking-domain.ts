// The check of one tracking domain, hourly (inngest/functions/check-tracking-domains.ts), when it is
// added and on demand: its CNAME must point at Herald (HERALD_TRACKING_CNAME_TARGET, else the host of
// HERALD_URL); once it does, HTTPS on the host is tried and reported as a warning. Stores the outcome
// and refreshes the health of the mailboxes whose links it decides.
import { db } from "../../../db/client";
import { cnameTarget, judgeCname } from "../../../domain/mail/tracking-domain";
import { env, publicUrl } from "../../../env";
import { now } from "../../../lib/clock";
import type { DnsResolver } from "../../../providers/dns";
import { lookup, lookupFailed } from "../health/dns-lookup";
import { refreshMailboxHealth } from "../health/refresh-mailbox-health";
import { probeTrackingHttps, type HttpsProbe } from "./probe-tracking-https";
import { trackingDomainResolver } from "./tracking-domain-resolver";
import { forgetVerifiedTrackingHosts } from "./verified-tracking-hosts";

export interface VerifyTrackingDomainOptions {
  /** Replaces the workspace's resolver (tests). */
  resolver?: DnsResolver;
  /** Replaces the HTTPS check (tests); the sandbox's zones skip it, as their hosts exist nowhere. */
  probeHttps?: HttpsProbe;
}

/** Recomputes the health of the mailboxes whose links the tracking domain decides (their tracking warning). */
export async function refreshTrackingDomainMailboxes(row: { id: string; workspaceId: string; domain: string }): Promise<void> {
  const mailboxes = await db.mailbox.findMany({
    where: { workspaceId: row.workspaceId, OR: [{ trackingDomainId: row.id }, { email: { endsWith: `@${row.domain}` } }] },
    select: { id: true },
  });
  for (const mailbox of mailboxes) await refreshMailboxHealth(mailbox.id);
}

/** Checks the tracking domain now and stores the outcome; null when it no longer exists. */
export async function verifyTrackingDomain(id: string, options: VerifyTrackingDomainOptions = {}): Promise<{ status: string; reason: string | null; httpsWarning: string | null } | null> {
  const row = await db.trackingDomain.findUnique({ where: { id }, select: { id: true, workspaceId: true, host: true, domain: true, status: true, verifiedAt: true } });
  if (!row) return null;
  const chosen = options.resolver ? { resolver: options.resolver, sandbox: false } : await trackingDomainResolver(row.workspaceId);
  const target = cnameTarget({ heraldUrl: publicUrl(), configuredTarget: env().HERALD_TRACKING_CNAME_TARGET });
  const answer = await lookup<string>(chosen.resolver, row.host, "CNAME");
  const verdict = judgeCname(row.host, target, answer.kind === "error" ? { kind: "error", reason: lookupFailed(`the CNAME record of ${row.host}`, answer.code) } : answer);

  // A failed lookup (timeout, SERVFAIL) says nothing about the record: a verified host stays in
  // use, with the reason shown, rather than sending links back to Herald's address over a flaky DNS.
  const status = verdict.ok ? "verified" : answer.kind === "error" && row.status === "verified" ? "verified" : "failing";
  const reason = verdict.ok ? null : verdict.reason;
  const at = now();
  const { count } = await db.trackingDomain.updateMany({
    where: { id },
    data: { status, reason, httpsWarning: null, checkedAt: at, updatedAt: at, verifiedAt: status === "verified" ? (row.verifiedAt ?? at) : row.verifiedAt },
  });
  if (!count) return null;
  if (status !== row.status) {
    // Stored first, and this process's copy dropped: the HTTPS probe below reaches this Herald, whose
    // gate (and the proxy's certificate question) now knows the host.
    forgetVerifiedTrackingHosts();
    await refreshTrackingDomainMailboxes(row);
  }
  let httpsWarning: string | null = null;
  if (verdict.ok && !chosen.sandbox) {
    httpsWarning = await (options.probeHttps ?? probeTrackingHttps)(row.host);
    if (httpsWarning) await db.trackingDomain.updateMany({ where: { id }, data: { httpsWarning } });
  }
  return { status, reason, httpsWarning };
}
