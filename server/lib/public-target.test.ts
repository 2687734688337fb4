import type { LookupAddress, LookupAllOptions } from "node:dns";
import { describe, expect, it } from "vitest";
import { publicOnlyLookup, RefusedTargetError, refusedHostReason } from "./public-target";

/** A resolver that answers from a table, as getaddrinfo would, recording what it was asked. */
function resolverAnswering(addresses: LookupAddress[]) {
  const asked: LookupAllOptions[] = [];
  const resolve = (_hostname: string, options: LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, answer: LookupAddress[]) => void) => {
    asked.push(options);
    callback(null, addresses);
  };
  return { resolve, asked };
}

function lookupOnce(addresses: LookupAddress[], all: boolean) {
  const { resolve, asked } = resolverAnswering(addresses);
  return new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number; asked: LookupAllOptions[] }>((done) => {
    publicOnlyLookup(resolve)("hooks.example.com", { all }, (error, address, family) => done({ error, address, family, asked }));
  });
}

describe("publicOnlyLookup", () => {
  it("hands the socket the checked public addresses, resolving once with every answer", async () => {
    const answers = [
      { address: "93.184.216.34", family: 4 },
      { address: "2606:2800:220:1:248:1893:25c8:1946", family: 6 },
    ];
    const all = await lookupOnce(answers, true);
    expect(all).toMatchObject({ error: null, address: answers });
    expect(all.asked).toEqual([{ all: true }]);
    expect(await lookupOnce(answers, false)).toMatchObject({ error: null, address: "93.184.216.34", family: 4 });
  });

  it.each([
    ["127.0.0.1", "loopback"],
    ["10.0.0.7", "private"],
    ["::ffff:7f00:1", "IPv4-mapped form of the loopback address 127.0.0.1"],
    ["::ffff:169.254.169.254", "IPv4-mapped form of the link-local address 169.254.169.254"],
    ["64:ff9b::a00:1", "NAT64 form of the private address 10.0.0.1"],
    ["fec0::1", "site-local"],
    ["fd00::1", "unique-local"],
  ])("refuses a name when any answer is %s, since the socket may try any of them", async (address, range) => {
    const result = await lookupOnce([{ address: "93.184.216.34", family: 4 }, { address, family: address.includes(":") ? 6 : 4 }], true);
    expect(result.error).toBeInstanceOf(RefusedTargetError);
    expect(result.error?.message).toBe(`hooks.example.com resolves to ${address}, which is not a public address (${range})`);
    expect(result.address).toBe("");
  });

  it("passes resolver errors through (a name that does not resolve fails the attempt, to be retried)", async () => {
    const failing = (_hostname: string, _options: LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, answer: LookupAddress[]) => void) =>
      callback(Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" }), []);
    const error = await new Promise<NodeJS.ErrnoException | null>((done) => publicOnlyLookup(failing)("gone.example.com", { all: true }, done));
    expect(error?.code).toBe("ENOTFOUND");
  });
});

describe("refusedHostReason", () => {
  it.each([
    ["::ffff:7f00:1", "::ffff:7f00:1 is not a public address (IPv4-mapped form of the loopback address 127.0.0.1)"],
    ["127.0.0.1", "127.0.0.1 is not a public address (loopback)"],
    ["localhost", "localhost is this machine (loopback)"],
    ["api.localhost.", "api.localhost. is this machine (loopback)"],
    // Node connects to these without a lookup although ipaddr.js cannot read them: refused, not waved through.
    ["::1%-", "::1%- is not a public address (not an IP address)"],
    ["fe80::1%eth0:1", "fe80::1%eth0:1 is not a public address (not an IP address)"],
  ])("refuses %s before any lookup", (host, reason) => {
    expect(refusedHostReason(host)).toBe(reason);
  });
  it.each(["93.184.216.34", "2606:4700::1111", "hooks.example.com"])("leaves %s to the public check or to DNS", (host) => {
    expect(refusedHostReason(host)).toBeNull();
  });
});
