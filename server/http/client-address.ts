// Which client a request comes from, for per-address limits (sign-in attempts, invalid API keys).
//
// Next.js route handlers do not see the socket, so Herald's server (server/runtime/main.ts) writes
// the socket's address into CLIENT_ADDRESS_HEADER on every request, replacing whatever a client sent
// under that name. X-Forwarded-For is believed only when the installation says it runs behind a
// proxy (HERALD_TRUST_PROXY): otherwise any client could claim any address with it.
import ipaddr from "ipaddr.js";
import { env } from "../env";

export const CLIENT_ADDRESS_HEADER = "x-herald-client-address";

/** What a request without a known address counts under (tests calling handlers directly). */
export const UNKNOWN_CLIENT = "unknown";

interface HeaderSource {
  get(name: string): string | null;
}

/**
 * The client's address as a limiter key. `trustedProxies` is how many proxies in front of Herald
 * append to X-Forwarded-For: the address the outermost of them saw is that many entries from the
 * right. IPv6 clients count per /64, the block one subscriber usually holds.
 */
export function clientAddress(headers: HeaderSource, trustedProxies: number): string {
  if (trustedProxies > 0) {
    const forwarded = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const entry = forwarded[Math.max(0, forwarded.length - trustedProxies)];
    const address = entry && limiterKeyOf(entry);
    if (address) return address;
  }
  return limiterKeyOf(headers.get(CLIENT_ADDRESS_HEADER) ?? "") ?? UNKNOWN_CLIENT;
}

/** A socket or header address as a limiter key, or null when it is not an IP address. */
export function limiterKeyOf(raw: string): string | null {
  const candidate = raw.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!ipaddr.isValid(candidate)) return null;
  const address = ipaddr.process(candidate);
  if (address.kind() === "ipv4") return address.toString();
  const parts = (address as ipaddr.IPv6).toNormalizedString().split(":").slice(0, 4);
  return `${parts.map((part) => part.padStart(4, "0")).join(":")}::/64`;
}

/** The client address of a request to this installation, as a limiter key. */
export function requestClientAddress(headers: HeaderSource): string {
  return clientAddress(headers, env().HERALD_TRUST_PROXY);
}
