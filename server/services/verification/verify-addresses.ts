// Verifies a batch of addresses (issue 37, point 1): one query for the workspace's known-dead
// addresses, one DNS look-up per distinct domain (cached, at most LOOKUP_CONCURRENCY at a time),
// then the pure rules of domain/verification/classify-address.ts per address. Addresses decided without
// DNS (bad syntax, a throwaway provider) cause no look-up at all. When the workspace turned the
// catch-all probe on (Workspace.catchAllProbe), the domains with MX of addresses that would
// otherwise be valid are probed once each (probe-catch-all.ts), the answer cached with the domain's
// facts; role, webmail, throwaway and invalid addresses never cause a probe. The sandbox's DNS never
// probes: a sandbox domain whose name has the word "catchall" is catch-all.
import { db } from "../../db/client";
import { sandboxDnsResolver, sandboxDnsWords, type DnsResolver } from "../../providers/dns";
import { classifyAddress, domainToLookUp, type AddressClassification } from "../../domain/verification/classify-address";
import { lookUpMailDomainCached, type MailDomainCache, type MailDomainFacts } from "./look-up-mail-domain";
import { catchAllProber, type CatchAllProber } from "./probe-catch-all";
import { cacheFor, verificationResolverFor } from "./verification-resolver";

/** Domains asked at once: enough to finish a list of a few thousand domains in seconds, few enough not to flood a resolver. */
export const LOOKUP_CONCURRENCY = 16;

export interface VerifiedAddress extends AddressClassification {
  /** As given. */
  address: string;
}

export interface VerifyAddressesInput {
  workspaceId: string;
  addresses: string[];
  /** The campaign targets companies: free webmail addresses are then risky. */
  targetsCompanies: boolean;
  /**
   * Default: the workspace's (verification-resolver.ts): the sandbox's zones for a workspace with
   * only sandbox mailboxes, else the real DNS (HERALD_DNS_SERVERS). A caller that knows the mailbox
   * passes resolverForMailbox(mailbox).
   */
  resolver?: DnsResolver;
  /** Default: the process-wide cache of that resolver's answers. */
  cache?: MailDomainCache;
  /** Default: the process-wide catch-all prober and its rate limits (used only when the workspace's setting is on). */
  prober?: CatchAllProber;
}

/** Probes at once across domains: each waits on a remote server for up to 8 s. */
export const PROBE_CONCURRENCY = 4;

/** Runs `task` on every item, at most `limit` at a time. */
async function forEachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** One result per address, in the order given. */
export async function verifyAddresses(input: VerifyAddressesInput): Promise<VerifiedAddress[]> {
  const resolver = input.resolver ?? (await verificationResolverFor(input.workspaceId));
  const cache = input.cache ?? cacheFor(resolver);
  const normalized = input.addresses.map((address) => address.trim().toLowerCase());

  const dead = new Map<string, string>();
  const distinct = [...new Set(normalized.filter(Boolean))];
  if (distinct.length) {
    const rows = await db.deadEmailAddress.findMany({ where: { workspaceId: input.workspaceId, address: { in: distinct } }, select: { address: true, message: true } });
    for (const row of rows) dead.set(row.address, row.message);
  }

  // A dead address is decided by its bounce: its domain needs no look-up for its own sake.
  const domains = [...new Set(normalized.filter((address) => !dead.has(address)).map(domainToLookUp).filter((domain): domain is string => domain !== null))];
  const domainFacts = new Map<string, MailDomainFacts>();
  await forEachLimited(domains, LOOKUP_CONCURRENCY, async (domain) => {
    domainFacts.set(domain, await lookUpMailDomainCached(domain, resolver, cache));
  });

  const classify = (address: string, index: number, targetsCompanies: boolean, catchAll: (domain: string) => boolean | null) => {
    const key = normalized[index]!;
    const domain = dead.has(key) ? null : domainToLookUp(key);
    const facts = (domain && domainFacts.get(domain)) || { domainHasMx: false, domainHasA: false, domainRefusesMail: false, domainLookupFailed: false };
    return classifyAddress(address, {
      ...facts,
      knownDead: dead.has(key),
      deadReason: dead.get(key) ?? null,
      targetsCompanies,
      catchAll: domain ? catchAll(domain) : null,
    });
  };

  // Only domains with MX where an address would otherwise be valid (read as for a campaign that
  // targets companies, so free webmail never causes a probe); the setting is read only when there
  // is one, so a batch without such a domain costs no query more.
  const toProbe = new Set<string>();
  input.addresses.forEach((address, index) => {
    const domain = domainToLookUp(normalized[index]!);
    if (domain && domainFacts.get(domain)?.domainHasMx && classify(address, index, true, () => null).check === "deliverable-domain") toProbe.add(domain);
  });
  const catchAll = new Map<string, boolean | null>();
  const workspace = toProbe.size ? await db.workspace.findUnique({ where: { id: input.workspaceId }, select: { catchAllProbe: true } }) : null;
  if (workspace?.catchAllProbe) {
    await forEachLimited([...toProbe], PROBE_CONCURRENCY, async (domain) => {
      catchAll.set(domain, await catchAllOf(domain, domainFacts.get(domain)!, resolver, cache, input.prober ?? catchAllProber));
    });
  }

  return input.addresses.map((address, index) => ({ address, ...classify(address, index, input.targetsCompanies, (domain) => catchAll.get(domain) ?? null) }));
}

/** The domain's catch-all answer: cached, else the sandbox's word, else a probe (cached unless rate-limited). */
async function catchAllOf(domain: string, facts: MailDomainFacts, resolver: DnsResolver, cache: MailDomainCache, prober: CatchAllProber): Promise<boolean | null> {
  if (resolver === sandboxDnsResolver) return sandboxDnsWords(domain).has("catchall");
  const cached = cache.get(domain);
  if (cached && cached.catchAll !== undefined) return cached.catchAll;
  const found = await prober.probe(domain, facts.mxHosts ?? [], resolver);
  if (found.note !== "rate-limited") cache.update(domain, { ...(cached ?? facts), catchAll: found.catchAll });
  return found.catchAll;
}
