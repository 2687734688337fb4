// DNS blocklists (DNSBL, RFC 5782) asked about a sending server's IP address (HERALD_DNSBL_ZONES)
// and a domain (HERALD_DOMAIN_BLOCKLISTS), through HERALD_DNS_SERVERS when set: an answer in
// 127.0.0.0/8 is a listing, NXDOMAIN (or no A record) is clean, anything else (timeout, refused)
// is unknown. The sandbox has no real lists: its rule is documented in docs/mailbox-health.md.
import type { Resolver } from "node:dns/promises";
import { env } from "../../env";
import { answerStatus, blocklistZones, domainQueryName, ipQueryName, overallStatus, type BlocklistStatus } from "../../domain/email/blocklist-queries";
import { configuredResolver } from "./configured-resolver";

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

async function ask(dns: Resolver, name: string): Promise<{ status: BlocklistStatus; answer: string | null }> {
  try {
    const addresses = await dns.resolve4(name);
    const status = answerStatus(addresses);
    return { status, answer: addresses.join(", ") };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ENOTFOUND" || code === "ENODATA") return { status: "clean", answer: "not listed" };
    return { status: "unknown", answer: `could not be asked (${code ?? "error"})` };
  }
}

/** Asks every configured list about the IP (when known) and the domain, in parallel. */
export async function checkBlocklists(input: { ip: string | null; domain: string }): Promise<BlocklistAnswers> {
  const dns = configuredResolver();
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

/** The sandbox's lists: a domain with the word `listed` in it is on the domain list; its sending IP is on none. */
export function sandboxBlocklists(domain: string): BlocklistAnswers {
  const listed = /(^|[^a-z])listed([^a-z]|$)/i.test(domain);
  return {
    ip: "clean",
    domain: listed ? "listed" : "clean",
    listings: [
      { zone: "sandbox.ip.blocklist.test", target: "ip", listed: false, answer: "not listed" },
      { zone: "sandbox.domain.blocklist.test", target: "domain", listed, answer: listed ? "127.0.0.2" : "not listed" },
    ],
  };
}
