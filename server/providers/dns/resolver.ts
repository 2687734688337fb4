// DNS lookups for the mailbox health checks, in the shape mailauth's `resolver` option takes:
// (name, rrtype) → the records as Node's dns.promises.resolve returns them (TXT as string chunks,
// MX as {exchange, priority}, A as strings), failing with Node's error codes (ENOTFOUND, ENODATA,
// ETIMEOUT, ESERVFAIL…). The real one asks the servers of HERALD_DNS_SERVERS, else the system's.
import { Resolver } from "node:dns/promises";
import { isIP } from "node:net";
import { env } from "../../env";

export type DnsRecords = string[][] | string[] | Array<{ exchange: string; priority: number }> | unknown[];
export type DnsResolver = (name: string, rrtype: string) => Promise<DnsRecords>;

/** Per query: a check asks a few dozen names, and a server that does not answer must not hold it for minutes. */
export const DNS_TIMEOUT_MS = 2_500;
const DNS_TRIES = 2;

/** "No such record" answers: the name does not exist, or has no record of the type asked. */
export function isNoRecordError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === "ENOTFOUND" || code === "ENODATA";
}

/** The servers of HERALD_DNS_SERVERS ("ip" or "ip:port", "[ipv6]:port", comma-separated); null for the system's. */
export function configuredDnsServers(value = env().HERALD_DNS_SERVERS): string[] | null {
  if (!value) return null;
  const servers = value.split(",").map((server) => server.trim()).filter(Boolean);
  for (const server of servers) {
    const host = server.startsWith("[") ? server.slice(1, server.indexOf("]")) : server.includes(".") ? server.split(":")[0]! : server;
    const port = server.startsWith("[") ? server.slice(server.indexOf("]") + 2) : server.includes(".") ? server.split(":")[1] : undefined;
    if (!isIP(host) || (port !== undefined && port !== "" && !/^\d{1,5}$/.test(port))) {
      throw new Error(`HERALD_DNS_SERVERS: "${server}" is not an IP address or ip:port (e.g. 1.1.1.1 or 127.0.0.1:5353)`);
    }
  }
  return servers.length ? servers : null;
}

/** A resolver on Node's dns.promises.Resolver, asking `servers` (default: HERALD_DNS_SERVERS, else the system's). */
export function createDnsResolver(
  servers: string[] | null = configuredDnsServers(),
  options: { timeoutMs?: number; tries?: number } = {},
): DnsResolver {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? DNS_TIMEOUT_MS, tries: options.tries ?? DNS_TRIES });
  if (servers?.length) resolver.setServers(servers);
  return (name, rrtype) => resolver.resolve(name, rrtype) as Promise<DnsRecords>;
}
