// The check of one tracking domain, hourly (inngest/functions/check-tracking-domains.ts), when it is
// added and on demand: its CNAME must point at Herald (HERALD_TRACKING_CNAME_TARGET, else the host of
// HERALD_URL), and its TXT record `_herald-tracking.<host>` must hold the row's own token (the proof
// that the host's owner meant this workspace). Once both hold, HTTPS on the host is tried and reported
// as a warning. A sandbox workspace may check names under the reserved test TLDs only, whose proof
// the sandbox supplies. Stores the outcome and refreshes the health of the mailboxes it decides.
import { db } from "../../../db/client";
import { cnameTarget, isReservedTestName, judgeCname, judgeProof, SANDBOX_REAL_NAME_REASON, trackingProofName, trackingProofValue, type CnameVerdict } from "../../../domain/mail/tracking-domain";
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

/** The CNAME and proof verdict of a row, and whether a failed lookup (rather than a finding) decided it. */
async function judge(row: { host: string; token: string }, chosen: { resolver: DnsResolver; sandbox: boolean }): Promise<{ verdict: CnameVerdict; lookupFailed: boolean }> {
  // The sandbox answers every name: only names no real owner can hold may be verified from it.
  if (chosen.sandbox && !isReservedTestName(row.host)) return { verdict: { ok: false, reason: SANDBOX_REAL_NAME_REASON }, lookupFailed: false };
  const target = cnameTarget({ heraldUrl: publicUrl(), configuredTarget: env().HERALD_TRACKING_CNAME_TARGET });
  const answer = await lookup<string>(chosen.resolver, row.host, "CNAME");
  const cname = judgeCname(row.host, target, answer.kind === "error" ? { kind: "error", reason: lookupFailed(`the CNAME record of ${row.host}`, answer.code) } : answer);
  if (!cname.ok) return { verdict: cname, lookupFailed: answer.kind === "error" };
  // The sandbox's zones know no tokens: a reserved name's proof is taken as published.
  const proofAnswer = chosen.sandbox ? { kind: "records" as const, records: [[trackingProofValue(row.token)]] } : await lookup<string[]>(chosen.resolver, trackingProofName(row.host), "TXT");
  const proof = judgeProof(row.host, row.token, proofAnswer.kind === "error" ? { kind: "error", reason: lookupFailed(`the TXT record of ${trackingProofName(row.host)}`, proofAnswer.code) } : proofAnswer);
  return { verdict: proof, lookupFailed: proofAnswer.kind === "error" };
}

/** Whether a row's records (CNAME and its own proof) are published now, as its own workspace's DNS sees them. */
export async function trackingRecordsPublished(row: { workspaceId: string; host: string; token: string }, options: VerifyTrackingDomainOptions = {}): Promise<boolean> {
  const chosen = options.resolver ? { resolver: options.resolver, sandbox: false } : await trackingDomainResolver(row.workspaceId);
  return (await judge(row, chosen)).verdict.ok;
}

/** Checks the tracking domain now and stores the outcome; null when it no longer exists. */
export async function verifyTrackingDomain(id: string, options: VerifyTrackingDomainOptions = {}): Promise<{ status: string; reason: string | null; httpsWarning: string | null } | null> {
  const row = await db.trackingDomain.findUnique({ where: { id }, select: { id: true, workspaceId: true, host: true, domain: true, status: true, verifiedAt: true, token: true, httpsWarning: true } });
  if (!row) return null;
  const chosen = options.resolver ? { resolver: options.resolver, sandbox: false } : await trackingDomainResolver(row.workspaceId);
  const { verdict, lookupFailed: failed } = await judge(row, chosen);

  // A failed lookup (timeout, SERVFAIL) says nothing about the records: a verified host stays in
  // use, with the reason shown, rather than sending links back to Herald's address over a flaky DNS.
  const status = verdict.ok ? "verified" : failed && row.status === "verified" ? "verified" : "failing";
  const reason = verdict.ok ? null : verdict.reason;
  const at = now();
  const { count } = await db.trackingDomain.updateMany({
    where: { id },
    data: { status, reason, httpsWarning: null, checkedAt: at, updatedAt: at, verifiedAt: status === "verified" ? (row.verifiedAt ?? at) : row.verifiedAt },
  });
  if (!count) return null;
  // Stored first, and this process's copy dropped: the HTTPS probe below reaches this Herald, whose
  // gate (and the proxy's certificate question) now knows the host.
  if (status !== row.status) forgetVerifiedTrackingHosts();
  let httpsWarning: string | null = null;
  if (verdict.ok && !chosen.sandbox) {
    httpsWarning = await (options.probeHttps ?? probeTrackingHttps)(row.host);
    if (httpsWarning) await db.trackingDomain.updateMany({ where: { id }, data: { httpsWarning } });
  }
  // The mailboxes' health carries the status and the HTTPS warning of the host their links use.
  if (status !== row.status || httpsWarning !== row.httpsWarning) await refreshTrackingDomainMailboxes(row);
  return { status, reason, httpsWarning };
}
