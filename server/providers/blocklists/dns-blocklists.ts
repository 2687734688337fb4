// DNS blocklists (DNSBL, RFC 5782) asked about a sending server's IP address (HERALD_DNSBL_ZONES)
// and a domain (HERALD_DOMAIN_BLOCKLISTS), through HERALD_DNS_SERVERS when set: an answer in
// 127.0.0.0/8 is a listing, NXDOMAIN (or no A record) is clean, anything else (timeout, refused)
// is unknown. The sandbox's simulated lists answer through its DNS (providers/dns/sandbox-resolver.ts).
import { env } from "../../env";
import { answerStatus, blocklistZones, domainQueryName, ipQueryName, overallStatus, type BlocklistStatus } from "../../domain/mail/blocklist-queries";
import { createDnsResolver, isNoRecordError, type DnsResolver } from "../dns";

export interface BlocklistListing {
  zone: string;
  target: "ip" | "domain";
  listed: boolean;
  /** The list's answer (e.g. 127.0.0.2), `not listed`, or why it could not be asked. */
  answer: string | null;
}

export interface BlocklistAnswers {
  ip: BlocklistStatus;
  domain: BlocklistStatus;
  listings: BlocklistListing[];
}

async function ask(dns: DnsResolver, name: string): Promise<{ status: BlocklistStatus; answer: string | null }> {
  try {
    const addresses = (await dns(name, "A")) as string[];
    const status = answerStatus(addresses);
    return { status, answer: addresses.join(", ") };
  } catch (error) {
    if (isNoRecordError(error)) return { status: "clean", answer: "not listed" };
    const code = (error as { code?: string }).code;
    return { status: "unknown", answer: `could not be asked (${code ?? "error"})` };
  }
}

/**
 * Asks every configured list about the IP (when known) and the domain, in parallel, through `dns`
 * (the sandbox's simulated lists for a sandbox mailbox: resolverForMailbox).
 */
export async function checkBlocklists(input: { ip: string | null; domain: string }, dns: DnsResolver = createDnsResolver()): Promise<BlocklistAnswers> {
  const ipZones = blocklistZones(env().HERALD_DNSBL_ZONES);
  const domainZones = blocklistZones(env().HERALD_DOMAIN_BLOCKLISTS);
  const [ipAnswers, domainAnswers] = await Promise.all([
    Promise.all(input.ip ? ipZones.map(async (zone) => ({ zone, ...(await ask(dns, ipQueryName(input.ip!, zone))) })) : []),
    Promise.all(domainZones.map(async (zone) => ({ zone, ...(await ask(dns, domainQueryName(input.domain, zone))) }))),
  ]);
  const listing = (target: "ip" | "domain") => (entry: { zone: string; status: BlocklistStatus; answer: string | null }): BlocklistListing => ({
    zone: entry.zone,
    target,
    listed: entry.status === "listed",
    answer: entry.answer,
  });
  return {
    ip: overallStatus(ipAnswers.map((entry) => entry.status)),
    domain: overallStatus(domainAnswers.map((entry) => entry.status)),
    listings: [...ipAnswers.map(listing("ip")), ...domainAnswers.map(listing("domain"))],
  };
}
