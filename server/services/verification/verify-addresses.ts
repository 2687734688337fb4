// Verifies a batch of addresses (issue 37, point 1): one query for the workspace's known-dead
// addresses, one DNS look-up per distinct domain (cached, at most LOOKUP_CONCURRENCY at a time),
// then the pure rules of domain/verification/classify-address.ts per address. Addresses decided without
// DNS (bad syntax, a throwaway provider) cause no look-up at all.
import { db } from "../../db/client";
import type { DnsResolver } from "../../providers/dns";
import { classifyAddress, domainToLookUp, type AddressClassification } from "../../domain/verification/classify-address";
import { lookUpMailDomainCached, type MailDomainCache, type MailDomainFacts } from "./look-up-mail-domain";
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
}

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

  return input.addresses.map((address, index) => {
    const key = normalized[index]!;
    const domain = dead.has(key) ? null : domainToLookUp(key);
    const facts = (domain && domainFacts.get(domain)) || { domainHasMx: false, domainHasA: false, domainRefusesMail: false, domainLookupFailed: false };
    const classification = classifyAddress(address, {
      ...facts,
      knownDead: dead.has(key),
      deadReason: dead.get(key) ?? null,
      targetsCompanies: input.targetsCompanies,
      catchAll: null,
    });
    return { address, ...classification };
  });
}
