// Address verification against real DNS (BIND on loopback, as the mailbox health tests) and the
// real DeadEmailAddress table: one status and reason per address, one look-up per domain, the
// cache, and a resolver that never answers.
import { createSocket, type Socket } from "node:dgram";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { ManualClock, setClock, systemClock } from "../../lib/clock";
import { createDnsResolver, type DnsResolver } from "../../providers/dns";
import { createTestWorkspace } from "../../test/factories";
import { useTestDnsServer } from "../../test/use-test-dns-server";
import { MAIL_DOMAIN_CACHE_TTL_MS, MailDomainCache } from "./look-up-mail-domain";
import { verifyAddresses } from "./verify-addresses";

useTestDnsServer();
afterEach(() => setClock(systemClock));

/** Herald's resolver (from HERALD_DNS_SERVERS), recording the names it is asked. */
function countingResolver(): { resolver: DnsResolver; asked: string[] } {
  const real = createDnsResolver();
  const asked: string[] = [];
  return { asked, resolver: (name, rrtype) => (asked.push(`${name} ${rrtype}`), real(name, rrtype)) };
}

describe("verifyAddresses", () => {
  it("gives each address its status and reason, asking DNS once per domain and never for a throwaway provider", async () => {
    const { workspace } = await createTestWorkspace();
    await db.deadEmailAddress.create({ data: { workspaceId: workspace.id, address: "gone@mx-corp.test", message: "the mailbox does not exist", createdAt: new Date() } });
    const { resolver, asked } = countingResolver();

    const results = await verifyAddresses({
      workspaceId: workspace.id,
      targetsCompanies: true,
      resolver,
      cache: new MailDomainCache(),
      addresses: [
        "ada@mx-corp.test",
        "grace@a-only.test",
        "alan@no-mail.test",
        "edsger@missing.no-mail.test",
        "barbara@null-mx.test",
        "temp@mailinator.com",
        "info@mx-corp.test",
        "Gone@MX-Corp.test",
        "not an address",
      ],
    });

    expect(results.map(({ address, status, reason }) => ({ address, status, reason }))).toEqual([
      { address: "ada@mx-corp.test", status: "valid", reason: "the address is well formed and mx-corp.test has mail servers (MX)" },
      { address: "grace@a-only.test", status: "valid", reason: "the address is well formed and a-only.test has no MX record but an address record (A), which receives mail" },
      { address: "alan@no-mail.test", status: "invalid", reason: "the domain no-mail.test receives no e-mail (no MX or A record)" },
      { address: "edsger@missing.no-mail.test", status: "invalid", reason: "the domain missing.no-mail.test receives no e-mail (no MX or A record)" },
      { address: "barbara@null-mx.test", status: "invalid", reason: "the domain null-mx.test states that it receives no e-mail (null MX record)" },
      { address: "temp@mailinator.com", status: "risky", reason: "mailinator.com gives out throwaway addresses" },
      { address: "info@mx-corp.test", status: "risky", reason: "info@ is a role address, read by a team rather than a person" },
      { address: "Gone@MX-Corp.test", status: "invalid", reason: "an earlier e-mail to this address bounced for good: the mailbox does not exist" },
      { address: "not an address", status: "invalid", reason: "not an address is not a valid e-mail address (bad syntax)" },
    ]);
    expect(asked.filter((question) => question.startsWith("mx-corp.test "))).toEqual(["mx-corp.test MX"]);
    expect(asked.filter((question) => question.startsWith("a-only.test "))).toEqual(["a-only.test MX", "a-only.test A"]);
    expect(asked.filter((question) => question.startsWith("null-mx.test "))).toEqual(["null-mx.test MX"]);
    expect(asked.some((question) => question.includes("mailinator"))).toBe(false);
  });

  it("reuses a domain's answer from the cache until its time is up", async () => {
    const clock = new ManualClock(Date.now());
    setClock(clock);
    const { workspace } = await createTestWorkspace();
    const { resolver, asked } = countingResolver();
    const cache = new MailDomainCache();
    const verify = (address: string) => verifyAddresses({ workspaceId: workspace.id, addresses: [address], targetsCompanies: false, resolver, cache });

    await verify("ada@mx-corp.test");
    await verify("grace@mx-corp.test");
    expect(asked).toEqual(["mx-corp.test MX"]);

    clock.advance(MAIL_DOMAIN_CACHE_TTL_MS);
    expect((await verify("ada@mx-corp.test"))[0]!.status).toBe("valid");
    expect(asked).toEqual(["mx-corp.test MX", "mx-corp.test MX"]);
  });

  it("says unknown, and caches nothing, when the DNS server does not answer", async () => {
    const silent: Socket = createSocket("udp4");
    await new Promise<void>((resolve) => silent.bind(0, "127.0.0.1", resolve));
    try {
      const { workspace } = await createTestWorkspace();
      const cache = new MailDomainCache();
      const resolver = createDnsResolver([`127.0.0.1:${silent.address().port}`], { timeoutMs: 300, tries: 1 });
      const [result] = await verifyAddresses({ workspaceId: workspace.id, addresses: ["ada@mx-corp.test"], targetsCompanies: false, resolver, cache });
      expect(result).toMatchObject({ status: "unknown", check: "lookup-failed", reason: "the DNS lookup of mx-corp.test failed or timed out; try again later" });
      expect(cache.size).toBe(0);
    } finally {
      silent.close();
    }
  });
});
