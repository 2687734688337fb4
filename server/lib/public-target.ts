// The one rule for where Herald may connect on a user's behalf (webhook deliveries, files a campaign
// step names by URL): unless the installation allows private targets, the host must be (or resolve
// only to) globally reachable unicast addresses. The check runs on the URL parser's normalized host,
// so `http://2130706433/`, `http://0x7f.1/` and `http://127.1/` are judged as 127.0.0.1.
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { classifyAddress, isIpLiteral, isLocalhostName } from "./network-address";

/** The URL's host without IPv6 brackets, as the URL parser normalized it. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/**
 * A host given on its own (a mail server's), as the URL parser normalizes a URL's host and without
 * IPv6 brackets: `127.1`, `2130706433` and `0x7f000001` become `127.0.0.1`, `::ffff:127.0.0.1`
 * becomes `::ffff:7f00:1`. Null when it is not a plain host name or IP address (a port, a user,
 * a path or a character no host has), which is never judged public.
 */
export function normalizedHost(host: string): string | null {
  const text = host.trim();
  if (!text || /[\s/?#@\\]/.test(text)) return null;
  const bracketed = text.includes(":") && !text.startsWith("[") ? `[${text}]` : text;
  let url: URL;
  try {
    url = new URL(`http://${bracketed}/`);
  } catch {
    return null;
  }
  if (url.port || url.username || url.pathname !== "/" || !url.hostname) return null;
  return bareHostname(url);
}

/**
 * Why a host is refused without asking DNS (an IP literal that is not public, or a localhost name),
 * or null when it is a public literal or a name that must be resolved first.
 */
export function refusedHostReason(hostname: string): string | null {
  if (isLocalhostName(hostname)) return `${hostname} is this machine (loopback)`;
  // Whatever Node would connect to without a lookup is judged here: an address its parser takes but
  // ours does not is refused ("not an IP address" is never public) rather than waved through.
  if (!isIpLiteral(hostname) && !isIP(hostname)) return null;
  const found = classifyAddress(hostname);
  return found.public ? null : `${hostname} is not a public address (${found.range})`;
}

/** Why a resolved address of `hostname` is refused, or null when it is public. */
export function refusedAddressReason(hostname: string, address: string): string | null {
  const found = classifyAddress(address);
  return found.public ? null : `${hostname} resolves to ${address}, which is not a public address (${found.range})`;
}

export class RefusedTargetError extends Error {
  readonly code = "EREFUSEDTARGET";
}

export type Resolve = (hostname: string, options: LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * A `lookup` for http(s) requests that resolves the name once and hands the socket only addresses
 * it checked: every answer must be public (the socket may try any of them), so a name cannot be
 * re-pointed at an internal host between a check and the connection (DNS rebinding).
 */
export function publicOnlyLookup(resolve: Resolve = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const refused = addresses.map((entry) => refusedAddressReason(hostname, entry.address)).find(Boolean);
      if (refused || addresses.length === 0) {
        return callback(new RefusedTargetError(refused ?? `${hostname} has no address`), "", 0);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
