// The blocklist lookups against a real DNS server (BIND on loopback serving test lists): a listed
// IPv4 and IPv6 address and domain, clean ones (NXDOMAIN), a list that cannot be asked (a DNS
// server that does not answer) reads unknown, and `none` asks no list.
import { createSocket } from "node:dgram";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "@/server/env";
import { startTestDnsServer, type TestDnsServer } from "@/server/test/dns-server";
import { SANDBOX_SENDING_IP, sandboxDnsResolver } from "@/server/providers/dns";
import { sandboxSendingIp } from "@/server/providers/mail/seeds/sandbox-seed-inbox";
import { checkBlocklists } from "./dns-blocklists";

let dns: TestDnsServer;
const saved = { ...process.env };

function useLists(settings: Record<string, string>): void {
  Object.assign(process.env, settings);
  resetEnv();
}

beforeAll(async () => {
  dns = await startTestDnsServer({
    "zen.test": [
      { name: "2.0.0.127", type: "A", value: "127.0.0.2" },
      { name: "1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2", type: "A", value: "127.0.0.3" },
    ],
    "other.test": [],
    "dbl.test": [{ name: "spammy.test", type: "A", value: "127.0.1.2" }],
  });
  useLists({ HERALD_DNS_SERVERS: dns.server, HERALD_DNSBL_ZONES: "zen.test,other.test", HERALD_DOMAIN_BLOCKLISTS: "dbl.test" });
}, 60_000);

afterAll(async () => {
  await dns?.close();
  process.env = saved;
  resetEnv();
});

describe("checkBlocklists", () => {
  it("reports a listed IP with each list's answer, and a clean domain", async () => {
    expect(await checkBlocklists({ ip: "127.0.0.2", domain: "acme.test" })).toEqual({
      ip: "listed",
      domain: "clean",
      listings: [
        { zone: "zen.test", target: "ip", listed: true, answer: "127.0.0.2" },
        { zone: "other.test", target: "ip", listed: false, answer: "not listed" },
        { zone: "dbl.test", target: "domain", listed: false, answer: "not listed" },
      ],
    });
  });

  it("asks IPv6 addresses by nibbles and domains by name", async () => {
    const answers = await checkBlocklists({ ip: "2001:db8::1", domain: "spammy.test" });
    expect(answers).toMatchObject({ ip: "listed", domain: "listed" });
    expect(answers.listings.find((listing) => listing.target === "domain")).toEqual({ zone: "dbl.test", target: "domain", listed: true, answer: "127.0.1.2" });
  });

  it("reads clean for an address no list has", async () => {
    expect(await checkBlocklists({ ip: "192.0.2.25", domain: "acme.test" })).toMatchObject({ ip: "clean", domain: "clean" });
  });

  it("reads unknown when the DNS server does not answer, without holding the test up for long", async () => {
    // A UDP socket that never answers.
    const silent = createSocket("udp4");
    await new Promise<void>((resolve) => silent.bind(0, "127.0.0.1", resolve));
    try {
      useLists({ HERALD_DNS_SERVERS: `127.0.0.1:${(silent.address() as AddressInfo).port}` });
      const started = Date.now();
      const answers = await checkBlocklists({ ip: "127.0.0.2", domain: "acme.test" });
      expect(answers).toMatchObject({ ip: "unknown", domain: "unknown" });
      expect(answers.listings[0]!.answer).toMatch(/could not be asked/);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      silent.close();
      useLists({ HERALD_DNS_SERVERS: dns.server });
    }
  }, 30_000);

  it("asks no list when the settings say none", async () => {
    useLists({ HERALD_DNSBL_ZONES: "none", HERALD_DOMAIN_BLOCKLISTS: "none" });
    try {
      expect(await checkBlocklists({ ip: "127.0.0.2", domain: "spammy.test" })).toEqual({ ip: "unknown", domain: "unknown", listings: [] });
    } finally {
      useLists({ HERALD_DNSBL_ZONES: "zen.test,other.test", HERALD_DOMAIN_BLOCKLISTS: "dbl.test" });
    }
  });
});

describe("the sandbox's lists (through the sandbox DNS)", () => {
  it("list a domain with the word `listed` in it and the sending server such a domain uses, and nothing else", async () => {
    useLists({ HERALD_DNSBL_ZONES: "zen.spamhaus.org", HERALD_DOMAIN_BLOCKLISTS: "dbl.spamhaus.org" });
    expect(await checkBlocklists({ ip: sandboxSendingIp("listed-domain.test"), domain: "listed-domain.test" }, sandboxDnsResolver)).toMatchObject({ ip: "listed", domain: "listed" });
    expect((await checkBlocklists({ ip: null, domain: "acme.listed.test" }, sandboxDnsResolver)).domain).toBe("listed");
    expect(await checkBlocklists({ ip: sandboxSendingIp("unlisted.test"), domain: "unlisted.test" }, sandboxDnsResolver)).toMatchObject({ ip: "clean", domain: "clean" });
    expect(await checkBlocklists({ ip: SANDBOX_SENDING_IP, domain: "acme.test" }, sandboxDnsResolver)).toMatchObject({ ip: "clean", domain: "clean" });
  });
});
