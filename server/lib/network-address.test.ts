import { describe, expect, it } from "vitest";
import { classifyAddress, isIpLiteral, isLocalhostName, isPublicAddress } from "./network-address";

// [address, range] for every address that must be refused, grouped by registry entry. Each group
// has the block's edges and, for IPv6 forms carrying an IPv4 address, every way of writing it.
const REFUSED: Array<[string, string]> = [
  // IPv4 special-purpose registry
  ["0.0.0.0", "unspecified"],
  ["0.255.255.255", "unspecified"],
  ["10.0.0.1", "private"],
  ["10.255.255.255", "private"],
  ["100.64.0.1", "shared (carrier-grade NAT)"],
  ["100.127.255.254", "shared (carrier-grade NAT)"],
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["169.254.169.254", "link-local"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["192.0.0.1", "IETF protocol assignment"],
  ["192.0.0.170", "IETF protocol assignment"],
  ["192.0.2.1", "documentation"],
  ["192.88.99.1", "6to4 relay anycast"],
  ["192.168.0.1", "private"],
  ["192.168.255.255", "private"],
  ["198.18.0.1", "benchmarking"],
  ["198.19.255.255", "benchmarking"],
  ["198.51.100.7", "documentation"],
  ["203.0.113.9", "documentation"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["240.0.0.1", "reserved"],
  ["255.255.255.254", "reserved"],
  ["255.255.255.255", "broadcast"],
  // IPv6 loopback and unspecified, in every spelling
  ["::", "unspecified"],
  ["0:0:0:0:0:0:0:0", "unspecified"],
  ["::1", "loopback"],
  ["0:0:0:0:0:0:0:1", "loopback"],
  ["[::1]", "loopback"],
  // IPv4-mapped ::ffff:0:0/96: judged by the IPv4 address inside
  ["::ffff:127.0.0.1", "IPv4-mapped form of the loopback address 127.0.0.1"],
  ["::ffff:7f00:1", "IPv4-mapped form of the loopback address 127.0.0.1"],
  ["[::ffff:7f00:1]", "IPv4-mapped form of the loopback address 127.0.0.1"],
  ["0:0:0:0:0:ffff:7f00:1", "IPv4-mapped form of the loopback address 127.0.0.1"],
  ["::FFFF:7F00:0001", "IPv4-mapped form of the loopback address 127.0.0.1"],
  ["::ffff:10.1.2.3", "IPv4-mapped form of the private address 10.1.2.3"],
  ["::ffff:a9fe:a9fe", "IPv4-mapped form of the link-local address 169.254.169.254"],
  ["::ffff:192.168.1.1", "IPv4-mapped form of the private address 192.168.1.1"],
  ["::ffff:0.0.0.0", "IPv4-mapped form of the unspecified address 0.0.0.0"],
  // IPv4-translated ::ffff:0:0:0/96 and IPv4-compatible ::/96: refused whatever they carry
  ["::ffff:0:7f00:1", "IPv4-translated"],
  ["::ffff:0:808:808", "IPv4-translated"],
  ["::127.0.0.1", "IPv4-compatible"],
  ["::7f00:1", "IPv4-compatible"],
  ["::8.8.8.8", "IPv4-compatible"],
  ["::1:0:0:1", "reserved"],
  // NAT64: the well-known prefix by the IPv4 address inside; the local-use prefix always
  ["64:ff9b::7f00:1", "NAT64 form of the loopback address 127.0.0.1"],
  ["64:ff9b::127.0.0.1", "NAT64 form of the loopback address 127.0.0.1"],
  ["64:ff9b::a00:1", "NAT64 form of the private address 10.0.0.1"],
  ["64:ff9b::a9fe:a9fe", "NAT64 form of the link-local address 169.254.169.254"],
  ["64:ff9b:1::808:808", "local-use NAT64"],
  ["64:ff9b:1:ffff::1", "local-use NAT64"],
  // 6to4 2002::/16 by its embedded IPv4 address; Teredo 2001::/32 always
  ["2002:7f00:1::1", "6to4 form of the loopback address 127.0.0.1"],
  ["2002:c0a8:101::", "6to4 form of the private address 192.168.1.1"],
  ["2002:a9fe:a9fe:1::1", "6to4 form of the link-local address 169.254.169.254"],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
  ["2001:0:0:0:0:0:80ff:fffe", "Teredo"],
  // The rest of the IPv6 registry
  ["100::1", "discard-only"],
  ["100:0:0:1::1", "dummy prefix"],
  ["2001:2::1", "benchmarking"],
  ["2001:1::1", "IETF protocol assignment"],
  ["2001:10::1", "IETF protocol assignment"],
  ["2001:db8::1", "documentation"],
  ["2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", "documentation"],
  ["3fff::1", "documentation"],
  ["5f00::1", "segment routing"],
  ["fc00::1", "unique-local"],
  ["fd12:3456:789a::1", "unique-local"],
  ["fe80::1", "link-local"],
  ["fe80::1%eth0", "link-local"],
  ["febf:ffff::1", "link-local"],
  ["fec0::1", "site-local"],
  ["feff::1", "site-local"],
  ["ff02::1", "multicast"],
  ["ff05::1:3", "multicast"],
  // Unallocated IPv6 space outside 2000::/3
  ["4000::1", "reserved"],
  ["e000::1", "reserved"],
  ["1::1", "reserved"],
];

const PUBLIC = [
  "8.8.8.8",
  "1.1.1.1",
  "93.184.216.34",
  "100.63.255.255", // just below carrier-grade NAT
  "100.128.0.0", // just above it
  "172.15.255.255",
  "172.32.0.0",
  "192.0.3.1",
  "192.31.196.1", // AS112, globally reachable
  "192.52.193.1", // AMT, globally reachable
  "192.169.0.1",
  "198.20.0.1",
  "223.255.255.254",
  "2606:4700:4700::1111",
  "2a00:1450:4001:82a::200e",
  "2620:4f:8000::1", // AS112, globally reachable
  "::ffff:8.8.8.8", // IPv4-mapped public: the same host as 8.8.8.8
  "::ffff:808:808",
  "64:ff9b::8.8.8.8", // NAT64 of a public address: how IPv6-only networks reach IPv4 hosts
  "64:ff9b::5db8:d822",
  "2002:808:808::1", // 6to4 of a public address
  "3fff:1000::1", // just past the documentation /20
];

describe("classifyAddress", () => {
  it.each(REFUSED)("refuses %s (%s)", (address, range) => {
    expect(classifyAddress(address)).toEqual({ public: false, range });
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(PUBLIC)("allows the globally reachable %s", (address) => {
    expect(classifyAddress(address)).toEqual({ public: true, range: "public" });
  });

  it.each(["", "localhost", "example.com", "127.1", "0x7f.0.0.1", "2130706433", "010.0.0.1", "::ffff:999.0.0.1", "1:2:3"])(
    "does not take %j for an address (not public)",
    (text) => {
      expect(isPublicAddress(text)).toBe(false);
      expect(isIpLiteral(text)).toBe(false);
    },
  );
});

describe("isLocalhostName", () => {
  it.each(["localhost", "LOCALHOST", "localhost.", "api.localhost", "a.b.localhost."])("%s is this machine", (name) => {
    expect(isLocalhostName(name)).toBe(true);
  });
  it.each(["localhost.example.com", "notlocalhost", "example.com"])("%s is not", (name) => {
    expect(isLocalhostName(name)).toBe(false);
  });
});
