// Which IP addresses a webhook delivery or a file download may reach: only globally reachable unicast
// addresses, so neither can be pointed into the network Herald runs in (SSRF) unless the
// installation allows it.
//
// Addresses are parsed into bytes (ipaddr.js) and matched against the IANA IPv4 and IPv6
// special-purpose registries, never compared as strings: `::ffff:7f00:1`, `::ffff:127.0.0.1` and
// `0:0:0:0:0:ffff:7f00:1` are the same loopback address. IPv6 forms that carry an IPv4 address are
// judged by that address where a network can really route them to it (IPv4-mapped, NAT64's
// well-known prefix, 6to4) and refused outright where no public host legitimately lives
// (IPv4-compatible, IPv4-translated, local-use NAT64, Teredo, whose embedded client address is
// obfuscated and whose relays reach any IPv4 host).
import ipaddr from "ipaddr.js";

export interface AddressClass {
  /** True only for a globally reachable unicast address. */
  public: boolean;
  /** What the address is, in words for people: "loopback", "private", "IPv4-mapped loopback"… */
  range: string;
}

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];
interface Block {
  cidr: Cidr;
  range: string;
  /** For IPv6 blocks that carry an IPv4 address: where it sits, judged instead of the block. */
  embeddedIpv4?: (bytes: number[]) => number[];
}

const block = (cidr: string, range: string, embeddedIpv4?: Block["embeddedIpv4"]): Block => ({
  cidr: ipaddr.parseCIDR(cidr),
  range,
  embeddedIpv4,
});

// IANA IPv4 Special-Purpose Address Registry, every entry not globally reachable, plus multicast.
// 192.0.0.0/24 is refused whole (its two anycast entries are no webhook receivers); AS112 and AMT
// (192.31.196.0/24, 192.175.48.0/24, 192.52.193.0/24) are globally reachable and allowed.
const IPV4_BLOCKS: Block[] = [
  block("0.0.0.0/8", "unspecified"), // "this network": Linux connects 0.0.0.0 to this host
  block("10.0.0.0/8", "private"),
  block("100.64.0.0/10", "shared (carrier-grade NAT)"),
  block("127.0.0.0/8", "loopback"),
  block("169.254.0.0/16", "link-local"),
  block("172.16.0.0/12", "private"),
  block("192.0.0.0/24", "IETF protocol assignment"),
  block("192.0.2.0/24", "documentation"),
  block("192.88.99.0/24", "6to4 relay anycast"),
  block("192.168.0.0/16", "private"),
  block("198.18.0.0/15", "benchmarking"),
  block("198.51.100.0/24", "documentation"),
  block("203.0.113.0/24", "documentation"),
  block("224.0.0.0/4", "multicast"),
  block("255.255.255.255/32", "broadcast"),
  block("240.0.0.0/4", "reserved"),
];

const lastFour = (bytes: number[]) => bytes.slice(12, 16);

// IANA IPv6 Special-Purpose Address Registry and the deprecated forms still parsed by stacks.
// Order matters: the first matching block decides.
const IPV6_BLOCKS: Block[] = [
  block("::/128", "unspecified"),
  block("::1/128", "loopback"),
  block("::ffff:0:0/96", "IPv4-mapped", lastFour),
  block("::ffff:0:0:0/96", "IPv4-translated"),
  block("::/96", "IPv4-compatible"),
  block("64:ff9b::/96", "NAT64", lastFour),
  block("64:ff9b:1::/48", "local-use NAT64"),
  block("::/8", "reserved"),
  block("100::/64", "discard-only"),
  block("100:0:0:1::/64", "dummy prefix"),
  block("2001::/32", "Teredo"),
  block("2001:2::/48", "benchmarking"),
  block("2001::/23", "IETF protocol assignment"),
  block("2001:db8::/32", "documentation"),
  block("2002::/16", "6to4", (bytes) => bytes.slice(2, 6)),
  block("3fff::/20", "documentation"),
  block("5f00::/16", "segment routing"),
  block("fc00::/7", "unique-local"),
  block("fe80::/10", "link-local"),
  block("fec0::/10", "site-local"),
  block("ff00::/8", "multicast"),
];

// Everything outside 2000::/3 is unallocated or special in IPv6: global unicast lives only there.
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");

function classifyIpv4(address: ipaddr.IPv4): AddressClass {
  const found = IPV4_BLOCKS.find(({ cidr }) => address.match(cidr));
  return found ? { public: false, range: found.range } : { public: true, range: "public" };
}

function classifyIpv6(address: ipaddr.IPv6): AddressClass {
  const found = IPV6_BLOCKS.find(({ cidr }) => address.match(cidr));
  if (found?.embeddedIpv4) {
    const embedded = new ipaddr.IPv4(found.embeddedIpv4(address.toByteArray()));
    const inner = classifyIpv4(embedded);
    return inner.public
      ? { public: true, range: "public" }
      : { public: false, range: `${found.range} form of the ${inner.range} address ${embedded.toString()}` };
  }
  if (found) return { public: false, range: found.range };
  if (!address.match(IPV6_GLOBAL_UNICAST)) return { public: false, range: "reserved" };
  return { public: true, range: "public" };
}

/**
 * The address's text with brackets removed and a dotted IPv4 tail of an IPv6 address written as two
 * hex groups: ipaddr.js reads `::127.0.0.1` as the IPv4-mapped `::ffff:7f00:1`, but the operating
 * system connects to the IPv4-compatible `::7f00:1`, and the bytes judged must be the bytes used.
 */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  let bare = text.trim().replace(/^\[(.*)\]$/, "$1");
  if (bare.includes(":")) {
    const tail = /(\d+\.\d+\.\d+\.\d+)(%.*)?$/.exec(bare);
    if (tail?.[1]) {
      if (!ipaddr.IPv4.isValidFourPartDecimal(tail[1])) return null;
      const [a, b, c, d] = ipaddr.IPv4.parse(tail[1]).octets as [number, number, number, number];
      const groups = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
      bare = bare.slice(0, tail.index) + groups + (tail[2] ?? "");
    }
    return ipaddr.IPv6.isValid(bare) ? ipaddr.IPv6.parse(bare) : null;
  }
  // Only the dotted form resolvers and URL parsers produce: ipaddr.js would also read inet_aton
  // shapes such as "127.1", which the URL parser has already rewritten before a check sees a host.
  return ipaddr.IPv4.isValidFourPartDecimal(bare) ? ipaddr.IPv4.parse(bare) : null;
}

/** Classifies an IP address given as text (IPv4, IPv6, bracketed or with a zone id). */
export function classifyAddress(text: string): AddressClass {
  const address = parseAddress(text);
  if (!address) return { public: false, range: "not an IP address" };
  return address instanceof ipaddr.IPv4 ? classifyIpv4(address) : classifyIpv6(address);
}

export function isPublicAddress(text: string): boolean {
  return classifyAddress(text).public;
}

/** Whether a text is an IP address literal (brackets allowed), as opposed to a host name. */
export function isIpLiteral(text: string): boolean {
  return parseAddress(text) !== null;
}

/** `localhost` and its subdomains always mean this machine (RFC 6761), whatever DNS says. */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}
