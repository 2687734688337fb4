// The sandbox's simulated DNS: healthy zones for any domain, answered as Node's resolver answers,
// each breaking word breaking exactly its check; and the DNS servers setting.
import { afterEach, describe, expect, it } from "vitest";
import { resetEnv } from "../../env";
import { evaluateDnsRecords } from "../../services/mail/health/evaluate-dns-records";
import { configuredDnsServers, LISTED_SENDING_IP, resolverForMailbox, sandboxDnsResolver, sandboxDnsWords, SANDBOX_DKIM_PUBLIC_KEY, SANDBOX_SPF_INCLUDE } from "./index";

const AT = new Date("2026-03-02T09:00:00.000Z");
const check = (domain: string) => evaluateDnsRecords(sandboxDnsResolver, { domain, provider: "sandbox", dkimSelector: null, smtpHost: null, managed: false }, AT);

afterEach(() => {
  delete process.env.HERALD_DNS_SERVERS;
  delete process.env.HERALD_DOMAIN_BLOCKLISTS;
  resetEnv();
});

describe("the sandbox's zones", () => {
  it("answer like Node's resolver: TXT in pieces, MX objects, ENOTFOUND and ENODATA", async () => {
    expect(await sandboxDnsResolver("acme.test", "TXT")).toEqual([[`v=spf1 include:${SANDBOX_SPF_INCLUDE} -all`]]);
    expect(await sandboxDnsResolver("Acme.Test.", "MX")).toEqual([
      { exchange: "mx1.sandbox.herald.test", priority: 10 },
      { exchange: "mx2.sandbox.herald.test", priority: 20 },
    ]);
    expect(await sandboxDnsResolver("herald._domainkey.acme.test", "TXT")).toEqual([[`v=DKIM1; k=rsa; p=${SANDBOX_DKIM_PUBLIC_KEY}`]]);
    await expect(sandboxDnsResolver("other._domainkey.acme.test", "TXT")).rejects.toMatchObject({ code: "ENOTFOUND" });
    await expect(sandboxDnsResolver("acme.test", "CNAME")).rejects.toMatchObject({ code: "ENODATA" });
    await expect(sandboxDnsResolver("nomx-acme.test", "MX")).rejects.toMatchObject({ code: "ENODATA" });
    expect(await sandboxDnsResolver("nomx-acme.test", "A")).toEqual(["192.0.2.80"]);
    // A domain that receives no mail at all: neither MX nor an address record for mail to fall back to.
    await expect(sandboxDnsResolver("nomail-acme.test", "MX")).rejects.toMatchObject({ code: "ENODATA" });
    await expect(sandboxDnsResolver("nomail-acme.test", "A")).rejects.toMatchObject({ code: "ENODATA" });
    await expect(sandboxDnsResolver("_dmarc.dnserror-acme.test", "TXT")).rejects.toMatchObject({ code: "ESERVFAIL" });
  });

  it("find words as parts of the name, never inside another word", () => {
    expect([...sandboxDnsWords("nospf-softfail.acme.test")]).toEqual(["nospf", "softfail"]);
    expect([...sandboxDnsWords("nospfx.test")]).toEqual([]);
  });

  it("make any domain healthy", async () => {
    const health = await check("acme.test");
    expect(health).toMatchObject({
      domain: "acme.test",
      status: "ok",
      checkedAt: AT.toISOString(),
      spf: { status: "ok", lookups: 1, includesSendingService: true, allQualifier: "-all", fix: null },
      dkim: { status: "ok", selector: "herald", fix: null },
      dmarc: { status: "ok", policy: "quarantine", aligned: true },
      mx: { status: "ok", hosts: ["mx1.sandbox.herald.test", "mx2.sandbox.herald.test"] },
    });
    expect(health.dkim.reason).toContain("RSA 2048-bit");
  });

  it.each([
    ["nospf-acme.test", "spf", "missing", "failing"],
    ["wrongspf-acme.test", "spf", "invalid", "failing"],
    ["softfail-acme.test", "spf", "warning", "warning"],
    ["plusall-acme.test", "spf", "invalid", "failing"],
    ["toomanylookups-acme.test", "spf", "invalid", "failing"],
    ["nodkim-acme.test", "dkim", "missing", "failing"],
    ["badkey-acme.test", "dkim", "invalid", "failing"],
    ["nodmarc-acme.test", "dmarc", "missing", "failing"],
    ["dmarcnone-acme.test", "dmarc", "warning", "warning"],
    ["nomx-acme.test", "mx", "missing", "failing"],
  ] as const)("%s breaks %s only (%s)", async (domain, broken, status, overall) => {
    const health = await check(domain);
    expect(health.status).toBe(overall);
    for (const part of ["spf", "dkim", "dmarc", "mx"] as const) expect(health[part].status, part).toBe(part === broken ? status : "ok");
    expect(health[broken].reason.length).toBeGreaterThan(20);
  });

  it("counts the lookups of toomanylookups through its includes", async () => {
    const health = await check("toomanylookups-acme.test");
    expect(health.spf).toMatchObject({ lookups: 11, includesSendingService: true, fix: null });
    expect(health.spf.reason).toContain("11 DNS lookups");
  });

  it("reports dnserror as failed lookups: a warning to retry, not a failing domain", async () => {
    const health = await check("dnserror-acme.test");
    expect(health.status).toBe("warning");
    for (const part of ["spf", "dkim", "dmarc", "mx"] as const) {
      expect(health[part].status, part).toBe("error");
      expect(health[part].reason, part).toContain("check again");
    }
  });

  it("lists a domain with the word listed on the domain blocklists, and the listed sending IP on the IP blocklists", async () => {
    process.env.HERALD_DOMAIN_BLOCKLISTS = "dbl.example.org";
    resetEnv();
    expect(await sandboxDnsResolver("listed-acme.test.dbl.example.org", "A")).toEqual(["127.0.1.2"]);
    await expect(sandboxDnsResolver("acme.test.dbl.example.org", "A")).rejects.toMatchObject({ code: "ENOTFOUND" });
    // The IP blocklists (HERALD_DNSBL_ZONES, Spamhaus ZEN by default) list the listed sending IP only.
    expect(await sandboxDnsResolver(`${LISTED_SENDING_IP.split(".").reverse().join(".")}.zen.spamhaus.org`, "A")).toEqual(["127.0.0.2"]);
    await expect(sandboxDnsResolver("25.2.0.192.zen.spamhaus.org", "A")).rejects.toMatchObject({ code: "ENOTFOUND" });
  });
});

describe("the DNS servers setting", () => {
  it("reads ip and ip:port lists, the system's when unset, and names a bad entry", () => {
    expect(configuredDnsServers(undefined)).toBeNull();
    expect(configuredDnsServers(" 1.1.1.1, 127.0.0.1:5353 ,[::1]:53,2001:db8::1")).toEqual(["1.1.1.1", "127.0.0.1:5353", "[::1]:53", "2001:db8::1"]);
    expect(() => configuredDnsServers("dns.example.com")).toThrow(/HERALD_DNS_SERVERS: "dns.example.com"/);
    expect(() => configuredDnsServers("1.1.1.1:port")).toThrow(/HERALD_DNS_SERVERS/);
  });

  it("gives sandbox mailboxes the sandbox's zones and the others the real DNS", () => {
    expect(resolverForMailbox({ provider: "sandbox" })).toBe(sandboxDnsResolver);
    process.env.HERALD_DNS_SERVERS = "127.0.0.1:5353";
    resetEnv();
    expect(resolverForMailbox({ provider: "google" })).not.toBe(sandboxDnsResolver);
  });
});
