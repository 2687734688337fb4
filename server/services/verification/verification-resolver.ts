// Which DNS verification asks, by the same rule as mailbox health (providers/dns resolverForMailbox):
// addresses mailed from a sandbox mailbox go into the sandbox's mail network, whose simulated zones
// answer for every domain (a domain with the word "nomx" has no MX…, docs/sandbox.md), and the
// others into the real one (HERALD_DNS_SERVERS, else the system's resolver). Where no mailbox is
// known yet (leads being added, the API), a workspace without any mailbox other than sandbox ones
// is checked against the sandbox's zones: its mail can only go there. Each DNS has its own cache.
import { db } from "../../db/client";
import { createDnsResolver, sandboxDnsResolver, type DnsResolver } from "../../providers/dns";
import { MailDomainCache } from "./look-up-mail-domain";

const caches = { sandbox: new MailDomainCache(), real: new MailDomainCache() };

/** The process-wide cache of a resolver's answers (the sandbox's, or the real DNS's). */
export function cacheFor(resolver: DnsResolver): MailDomainCache {
  return resolver === sandboxDnsResolver ? caches.sandbox : caches.real;
}

/** The DNS a workspace's addresses are verified against when no mailbox is named. */
export async function verificationResolverFor(workspaceId: string): Promise<DnsResolver> {
  const real = await db.mailbox.findFirst({ where: { workspaceId, provider: { not: "sandbox" } }, select: { id: true } });
  return real ? createDnsResolver() : sandboxDnsResolver;
}
