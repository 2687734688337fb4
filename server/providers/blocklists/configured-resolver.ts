// A DNS resolver on HERALD_DNS_SERVERS (the system's when unset), for the deliverability test's
// blocklist lookups and its own check of a received message. Short timeouts: a DNS server that does
// not answer must not hold a test up.
import { Resolver } from "node:dns/promises";
import { env } from "../../env";

const LOOKUP_TIMEOUT_MS = 3_000;

export function configuredResolver(): Resolver {
  const created = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 2 });
  const servers = env().HERALD_DNS_SERVERS;
  if (servers) created.setServers(servers.split(",").map((server) => server.trim()).filter(Boolean));
  return created;
}

/** The resolver in the shape mailauth asks for (`resolver(name, rrtype)`). */
export function mailauthResolver(): (name: string, rrtype: string) => Promise<string[][] | string[]> {
  const dns = configuredResolver();
  return (name, rrtype) => dns.resolve(name, rrtype) as Promise<string[][] | string[]>;
}
