// How a DNS blocklist is asked (RFC 5782): the IP address reversed (IPv4 octets, IPv6 nibbles) or
// the domain, prepended to the list's zone; an answer in 127.0.0.0/8 means listed. Pure.
import ipaddr from "ipaddr.js";

export type BlocklistStatus = "clean" | "listed" | "unknown";

/** The name to look up for an IP address on a list, e.g. 2.0.0.127.zen.example for 127.0.0.2. */
export function ipQueryName(ip: string, zone: string): string {
  let address = ipaddr.parse(ip);
  if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
  const bytes = address.toByteArray();
  const labels =
    address.kind() === "ipv4"
      ? bytes.map(String)
      : bytes.flatMap((byte) => [(byte >> 4).toString(16), (byte & 15).toString(16)]);
  return `${labels.reverse().join(".")}.${zone}`;
}

export function domainQueryName(domain: string, zone: string): string {
  return `${domain.toLowerCase().replace(/\.$/, "")}.${zone}`;
}

/**
 * What one list's A answer means. 127.0.0.x is a listing; 127.255.255.x is how Spamhaus says it
 * refused the question (e.g. asked through a public resolver), which tells nothing either way.
 */
export function answerStatus(addresses: string[]): BlocklistStatus {
  if (addresses.length === 0) return "clean";
  if (addresses.every((address) => address.startsWith("127.255.255."))) return "unknown";
  return addresses.some((address) => address.startsWith("127.")) ? "listed" : "unknown";
}

/** Listed on any list wins; otherwise one list that could not be asked makes it unknown. */
export function overallStatus(statuses: BlocklistStatus[]): BlocklistStatus {
  if (statuses.includes("listed")) return "listed";
  if (statuses.length === 0 || statuses.includes("unknown")) return "unknown";
  return "clean";
}

/** A zones setting (comma-separated; `none` asks none) as a list. */
export function blocklistZones(setting: string): string[] {
  if (setting.trim().toLowerCase() === "none") return [];
  return setting
    .split(",")
    .map((zone) => zone.trim().toLowerCase().replace(/\.$/, ""))
    .filter(Boolean);
}
