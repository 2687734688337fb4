// What DNS says about a domain's mail, for address verification: its MX records, else (RFC 5321
// §5.1, the implicit MX) its A/AAAA records, or a null MX (RFC 7505) that refuses all mail. Asked
// through Herald's resolver (HERALD_DNS_SERVERS, as the mailbox health checks), and kept in a small
// in-process cache: a list of ten thousand leads has a few hundred domains, and a re-check of the
// same list should not ask them again. A failed lookup is never cached, so that it is retried.
import { createDnsResolver, type DnsResolver } from "../../providers/dns";
import { now } from "../../lib/clock";
import { lookup } from "../mail/health/dns-lookup";

export interface MailDomainFacts {
  domainHasMx: boolean;
  domainHasA: boolean;
  domainRefusesMail: boolean;
  domainLookupFailed: boolean;
  /** The MX hosts, best (lowest preference) first; absent without MX. */
  mxHosts?: string[];
  /**
   * What the catch-all probe found (probe-catch-all.ts): true, false, null (probed, no answer);
   * absent: not probed yet. Kept with the domain's other facts, for as long.
   */
  catchAll?: boolean | null;
}

/** Answers are kept an hour: MX records rarely change, and a verification is a snapshot anyway. */
export const MAIL_DOMAIN_CACHE_TTL_MS = 60 * 60 * 1000;
export const MAIL_DOMAIN_CACHE_MAX_ENTRIES = 10_000;

/** Domains → facts, expiring after a TTL (on Herald's clock) and dropping the oldest past a size. */
export class MailDomainCache {
  private readonly entries = new Map<string, { facts: MailDomainFacts; expiresAt: number }>();

  constructor(
    private readonly ttlMs = MAIL_DOMAIN_CACHE_TTL_MS,
    private readonly maxEntries = MAIL_DOMAIN_CACHE_MAX_ENTRIES,
  ) {}

  get(domain: string): MailDomainFacts | null {
    const entry = this.entries.get(domain);
    if (!entry) return null;
    if (entry.expiresAt <= now().getTime()) {
      this.entries.delete(domain);
      return null;
    }
    return entry.facts;
  }

  set(domain: string, facts: MailDomainFacts): void {
    this.entries.delete(domain);
    this.entries.set(domain, { facts, expiresAt: now().getTime() + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Replaces a domain's facts (the probe's answer added) without giving them more time. */
  update(domain: string, facts: MailDomainFacts): void {
    const entry = this.entries.get(domain);
    if (entry) entry.facts = facts;
  }

  get size(): number {
    return this.entries.size;
  }
}

const FAILED: MailDomainFacts = { domainHasMx: false, domainHasA: false, domainRefusesMail: false, domainLookupFailed: true };

/** Asks DNS (no cache): MX first; A, then AAAA, only when there is no MX. */
export async function lookUpMailDomain(domain: string, resolver: DnsResolver = createDnsResolver()): Promise<MailDomainFacts> {
  const mx = await lookup<{ exchange: string; priority: number }>(resolver, domain, "MX");
  if (mx.kind === "error") return FAILED;
  if (mx.kind === "records") {
    // A null MX is one record whose exchange is the root; Node gives it as "" (or ".").
    const refuses = mx.records.every((record) => record.exchange === "" || record.exchange === ".");
    const mxHosts = refuses ? [] : [...mx.records].sort((a, b) => a.priority - b.priority).map((record) => record.exchange);
    return { domainHasMx: !refuses, domainHasA: false, domainRefusesMail: refuses, domainLookupFailed: false, mxHosts };
  }
  for (const rrtype of ["A", "AAAA"]) {
    const address = await lookup(resolver, domain, rrtype);
    if (address.kind === "error") return FAILED;
    if (address.kind === "records") return { domainHasMx: false, domainHasA: true, domainRefusesMail: false, domainLookupFailed: false };
  }
  return { domainHasMx: false, domainHasA: false, domainRefusesMail: false, domainLookupFailed: false };
}

/** The facts from `cache`, else from DNS, cached unless the lookup failed. */
export async function lookUpMailDomainCached(domain: string, resolver: DnsResolver, cache: MailDomainCache): Promise<MailDomainFacts> {
  const cached = cache.get(domain);
  if (cached) return cached;
  const facts = await lookUpMailDomain(domain, resolver);
  if (!facts.domainLookupFailed) cache.set(domain, facts);
  return facts;
}
