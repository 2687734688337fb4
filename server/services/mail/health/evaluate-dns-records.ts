// The DNS checks of one mailbox's domain (SPF, DKIM, DMARC, MX) as the DnsHealth shape, through
// the resolver given: the real DNS or the sandbox's zones. Every finding in plain words with the
// record to publish. No database: check-dns-health.ts stores the result.
import getDmarcRecord from "mailauth/lib/dmarc/get-dmarc-record.js";
import { dmarcPolicy, recommendedDmarcRecord, SENDING_SERVICES, type SendingProvider } from "../../../domain/mail/dns-records";
import { SANDBOX_DKIM_PUBLIC_KEY, type DnsResolver } from "../../../providers/dns";
import type { TDnsHealth } from "../../../schemas/mailbox-health";
import { checkDkim } from "./check-dkim-record";
import { checkSpf } from "./check-spf-record";
import { overallDnsStatus } from "./dns-findings";
import { lookup, lookupFailed } from "./dns-lookup";

export interface DnsCheckTarget {
  domain: string;
  provider: SendingProvider;
  /** Mailbox.dkimSelector: the selector seen in the mailbox's own signed mail. */
  dkimSelector: string | null;
  /** An SMTP mailbox's outgoing server. */
  smtpHost: string | null;
  managed: boolean;
}

const MX_FIX: Record<SendingProvider, (domain: string) => string> = {
  google: () => "1 smtp.google.com",
  microsoft: (domain) => `0 ${domain.replace(/\./g, "-")}.mail.protection.outlook.com`,
  sandbox: () => "10 mx1.sandbox.herald.test",
  smtp: () => "10 <your mail host's incoming mail server, from its setup instructions>",
};

async function checkMx(resolver: DnsResolver, target: DnsCheckTarget): Promise<TDnsHealth["mx"]> {
  const { domain } = target;
  const fix = { type: "MX" as const, host: domain, value: MX_FIX[target.provider](domain), replaces: null };
  const answer = await lookup<{ exchange: string; priority: number }>(resolver, domain, "MX");
  if (answer.kind === "error") return { status: "error", hosts: [], record: null, reason: lookupFailed(`${domain}'s MX records`, answer.code), fix: null };
  const records = answer.kind === "records" ? [...answer.records].sort((a, b) => a.priority - b.priority) : [];
  const hosts = records.map((record) => record.exchange.replace(/\.$/, "")).filter((host) => host !== "");
  const record = records.length ? records.map((one) => `${one.priority} ${one.exchange || "."}`).join(", ") : null;
  if (!hosts.length) {
    return {
      status: "missing",
      hosts: [],
      record,
      reason: records.length
        ? `${domain} publishes a "null MX" (it accepts no mail), so replies and bounces to this mailbox cannot arrive, and receivers distrust mail from a domain that cannot be answered.`
        : `${domain} has no MX record, so replies and bounces to this mailbox cannot arrive, and receivers distrust mail from a domain that cannot be answered. Add the MX record of the service that receives its mail.`,
      fix,
    };
  }
  const resolved = await Promise.all(
    hosts.map(async (host) => {
      const [v4, v6] = await Promise.all([lookup(resolver, host, "A"), lookup(resolver, host, "AAAA")]);
      return v4.kind === "records" || v6.kind === "records" ? "ok" : v4.kind === "error" ? v4.code : "none";
    }),
  );
  const dead = hosts.filter((_, index) => resolved[index] === "none");
  const failed = resolved.filter((state) => state !== "ok" && state !== "none");
  if (failed.length === hosts.length) return { status: "error", hosts, record, reason: lookupFailed(`the addresses of ${domain}'s mail servers`, failed[0]!), fix: null };
  if (dead.length === hosts.length) {
    return { status: "invalid", hosts, record, reason: `None of ${domain}'s mail servers (${hosts.join(", ")}) has an address, so replies and bounces cannot arrive. Correct the MX records.`, fix };
  }
  if (dead.length) {
    return { status: "warning", hosts, record, reason: `${dead.join(", ")} (an MX of ${domain}) has no address; mail still arrives through ${hosts.filter((host) => !dead.includes(host)).join(", ")}. Remove or correct it.`, fix: null };
  }
  return { status: "ok", hosts, record, reason: `Mail to ${domain} arrives at ${hosts.join(", ")}, so replies and bounces reach this mailbox.`, fix: null };
}

type DmarcLookup = { found: Awaited<ReturnType<typeof getDmarcRecord>> } | { error: string };

/** The domain's DMARC record (else its organizational domain's), by mailauth. */
function lookupDmarc(resolver: DnsResolver, domain: string): Promise<DmarcLookup> {
  return getDmarcRecord(domain, resolver).then(
    (found) => ({ found }),
    (error: unknown) => ({ error: (error as { code?: string }).code ?? "failed" }),
  );
}

function checkDmarc(lookedUp: DmarcLookup, domain: string, aligned: boolean): TDnsHealth["dmarc"] {
  if ("error" in lookedUp) return { status: "error", policy: null, aligned, record: null, reason: lookupFailed(`${domain}'s DMARC record`, lookedUp.error), fix: null };
  const { found } = lookedUp;
  const host = `_dmarc.${domain}`;
  if (!found) {
    return {
      status: "missing",
      policy: null,
      aligned,
      record: null,
      reason: `${domain} has no DMARC record (at ${host}). Gmail and Yahoo require one from anyone sending in bulk, and without it receivers have no instruction for mail that fails SPF and DKIM. Add the record below; reports about your mail go to the rua address.`,
      fix: { type: "TXT", host, value: recommendedDmarcRecord(domain, null), replaces: null },
    };
  }
  const policy = dmarcPolicy(found);
  const where = found.isOrgRecord ? ` (the one of the parent domain, which covers ${domain})` : "";
  const fix = { type: "TXT" as const, host, value: recommendedDmarcRecord(domain, found), replaces: found.isOrgRecord ? null : found.rr };
  if (!policy) {
    return { status: "invalid", policy: null, aligned, record: found.rr, reason: `The DMARC record${where} has no valid policy (p= must be none, quarantine or reject), so receivers ignore it.`, fix };
  }
  if (!aligned && policy !== "none") {
    return {
      status: "invalid",
      policy,
      aligned,
      record: found.rr,
      reason: `Neither SPF nor DKIM authenticates ${domain} for this mailbox (fix them above), so its mail fails DMARC and p=${policy} tells receivers to ${policy === "reject" ? "refuse it" : "put it in spam"}.`,
      fix: null,
    };
  }
  if (policy === "none") {
    return {
      status: "warning",
      policy,
      aligned,
      record: found.rr,
      reason: `DMARC is in monitoring mode (p=none)${where}: receivers report, but do nothing with mail that fails, so anyone can still send as ${domain}.${aligned ? " This mailbox's mail passes DMARC, so quarantine is safe to turn on." : " Neither SPF nor DKIM authenticates this mailbox's mail yet: fix them before turning quarantine on."}`,
      fix: aligned ? fix : null,
    };
  }
  return {
    status: "ok",
    policy,
    aligned,
    record: found.rr,
    reason: `DMARC is enforced (p=${policy})${where}, and this mailbox's mail is authenticated for ${domain}, so it passes.`,
    fix: null,
  };
}

export async function evaluateDnsRecords(resolver: DnsResolver, target: DnsCheckTarget, checkedAt: Date): Promise<TDnsHealth> {
  const service = SENDING_SERVICES[target.provider];
  const domain = target.domain.toLowerCase();
  // All lookups at once: a DNS server that does not answer costs one timeout, not one per check.
  const [spf, dkim, mx, dmarcRecord] = await Promise.all([
    checkSpf(resolver, { domain, service, smtpHost: target.provider === "smtp" ? target.smtpHost : null }),
    checkDkim(resolver, {
      domain,
      provider: target.provider,
      service,
      seenSelector: target.dkimSelector,
      knownKeyRecord: target.provider === "sandbox" ? `v=DKIM1; k=rsa; p=${SANDBOX_DKIM_PUBLIC_KEY}` : null,
    }),
    checkMx(resolver, target),
    lookupDmarc(resolver, domain),
  ]);
  // Alignment: DKIM signs with d= the domain itself (its key is under it), and SPF is checked for
  // the envelope sender, which Herald sets to the mailbox's own address (so the From domain).
  const aligned = dkim.status === "ok" || (spf.includesSendingService === true && (spf.status === "ok" || spf.status === "warning"));
  const dmarc = checkDmarc(dmarcRecord, domain, aligned);
  return {
    domain,
    managed: target.managed,
    status: overallDnsStatus([spf.status, dkim.status, dmarc.status, mx.status]),
    spf,
    dkim,
    dmarc,
    mx,
    checkedAt: checkedAt.toISOString(),
  };
}
