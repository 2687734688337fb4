// The DNS checks against a real DNS server: BIND on loopback serving good and broken zones, asked
// through Node's resolver as HERALD_DNS_SERVERS names it. A server that never answers and a zone
// BIND cannot load (SERVFAIL) give `error`, a warning to retry, never a failing domain.
import { createSocket, type Socket } from "node:dgram";
import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "../../../env";
import { createDnsResolver, type DnsResolver } from "../../../providers/dns";
import { startTestDnsServer, type TestDnsRecord, type TestDnsServer } from "../../../test/dns-server";
import { evaluateDnsRecords, type DnsCheckTarget } from "./evaluate-dns-records";

const KEY = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ format: "der", type: "spki" }).toString("base64");
const DKIM = `v=DKIM1; k=rsa; p=${KEY}`;
const AT = new Date("2026-03-02T09:00:00.000Z");

/** A domain sending through Google Workspace with everything in order, with `change` applied. */
function googleDomain(zone: string, change: { spf?: string | null; dkim?: string | null; dmarc?: string | null; mx?: boolean } = {}): TestDnsRecord[] {
  const records: TestDnsRecord[] = [{ name: "@", type: "TXT", value: "google-site-verification=abc123" }, { name: "mx", type: "A", value: "192.0.2.10" }];
  const spf = change.spf === undefined ? "v=spf1 include:_spf.google.com -all" : change.spf;
  const dkim = change.dkim === undefined ? DKIM : change.dkim;
  const dmarc = change.dmarc === undefined ? "v=DMARC1; p=reject; rua=mailto:dmarc@example.net" : change.dmarc;
  if (spf) records.push({ name: "@", type: "TXT", value: spf });
  if (dkim) records.push({ name: "google._domainkey", type: "TXT", value: dkim });
  if (dmarc) records.push({ name: "_dmarc", type: "TXT", value: dmarc });
  if (change.mx !== false) records.push({ name: "@", type: "MX", value: `mx.${zone}`, priority: 1 });
  return records;
}

const ZONES: Record<string, TestDnsRecord[]> = {
  // The providers' own records, as far as the checks follow them.
  "google.com": [
    { name: "_spf", type: "TXT", value: "v=spf1 include:_netblocks.google.com ~all" },
    { name: "_netblocks", type: "TXT", value: "v=spf1 ip4:35.190.247.0/24 ~all" },
  ],
  "outlook.com": [{ name: "spf.protection", type: "TXT", value: "v=spf1 ip4:40.92.0.0/15 -all" }],
  "onmicrosoft.com": [{ name: "selector1-cname-test._domainkey.contoso", type: "TXT", value: DKIM }],
  "good.test": [...googleDomain("good.test"), { name: "s2024._domainkey", type: "TXT", value: DKIM }],
  "softfail.test": googleDomain("softfail.test", { spf: "v=spf1 include:_spf.google.com ~all" }),
  "plusall.test": googleDomain("plusall.test", { spf: "v=spf1 include:_spf.google.com +all" }),
  "nospf.test": googleDomain("nospf.test", { spf: null }),
  "twospf.test": [...googleDomain("twospf.test"), { name: "@", type: "TXT", value: "v=spf1 include:mailgun.org ~all" }],
  "notincluded.test": googleDomain("notincluded.test", { spf: "v=spf1 include:l9.lookups.test -all" }),
  // 2 includes + Google's nested one + a chain of 8 = 11 lookups.
  "lookups.test": [
    ...googleDomain("lookups.test", { spf: "v=spf1 include:_spf.google.com include:l1.lookups.test -all" }),
    ...Array.from({ length: 8 }, (_, index): TestDnsRecord => ({ name: `l${index + 1}`, type: "TXT", value: `v=spf1 include:l${index + 2}.lookups.test -all` })),
    { name: "l9", type: "TXT", value: "v=spf1 ip4:192.0.2.9 -all" },
  ],
  "brokeninclude.test": googleDomain("brokeninclude.test", { spf: "v=spf1 include:_spf.google.com include:gone.brokeninclude.test ~all" }),
  "nodkim.test": googleDomain("nodkim.test", { dkim: null }),
  "badkey.test": googleDomain("badkey.test", { dkim: `v=DKIM1; k=rsa; p=${KEY.slice(0, 150)}` }),
  "revoked.test": googleDomain("revoked.test", { dkim: "v=DKIM1; k=rsa; p=" }),
  "cname.test": [
    ...googleDomain("cname.test", { spf: "v=spf1 include:spf.protection.outlook.com -all", dkim: null }),
    { name: "selector1._domainkey", type: "CNAME", value: "selector1-cname-test._domainkey.contoso.onmicrosoft.com" },
  ],
  "nodmarc.test": googleDomain("nodmarc.test", { dmarc: null }),
  "pnone.test": googleDomain("pnone.test", { dmarc: "v=DMARC1; p=none; rua=mailto:dmarc@pnone.test; adkim=s" }),
  "unaligned.test": googleDomain("unaligned.test", { spf: "v=spf1 ip4:192.0.2.1 -all", dkim: null }),
  // A mailbox at mail.orgdmarc.test is covered by the organizational domain's DMARC record.
  "orgdmarc.test": [
    { name: "_dmarc", type: "TXT", value: "v=DMARC1; p=quarantine" },
    { name: "mail", type: "TXT", value: "v=spf1 include:_spf.google.com -all" },
    { name: "google._domainkey.mail", type: "TXT", value: DKIM },
    { name: "mail", type: "MX", value: "mx.orgdmarc.test", priority: 1 },
    { name: "mx", type: "A", value: "192.0.2.10" },
  ],
  "nomx.test": googleDomain("nomx.test", { mx: false }),
  "deadmx.test": [...googleDomain("deadmx.test", { mx: false }), { name: "@", type: "MX", value: "gone.deadmx.test", priority: 5 }],
  "smtp.test": [
    ...googleDomain("smtp.test", { spf: "v=spf1 ip4:192.0.2.44 -all", dkim: null }),
    { name: "default._domainkey", type: "TXT", value: DKIM },
    { name: "out", type: "A", value: "192.0.2.44" },
    { name: "other", type: "A", value: "192.0.2.45" },
  ],
  // A zone BIND cannot load: it answers SERVFAIL for every name in it.
  "servfail.test": [{ name: "@", type: "A", value: "not-an-address" }],
};

let dns: TestDnsServer;
let resolver: DnsResolver;

beforeAll(async () => {
  dns = await startTestDnsServer(ZONES);
  process.env.HERALD_DNS_SERVERS = dns.server;
  resetEnv();
  resolver = createDnsResolver();
});

afterAll(async () => {
  delete process.env.HERALD_DNS_SERVERS;
  resetEnv();
  await dns?.close();
});

const check = (domain: string, target: Partial<DnsCheckTarget> = {}) =>
  evaluateDnsRecords(resolver, { domain, provider: "google", dkimSelector: null, smtpHost: null, managed: false, ...target }, AT);

describe("DNS health against BIND", () => {
  it("finds a domain in order: SPF with its lookups counted, the DKIM key split in 255-byte strings, DMARC enforced, MX", async () => {
    const health = await check("good.test");
    expect(health).toMatchObject({
      domain: "good.test",
      status: "ok",
      checkedAt: AT.toISOString(),
      spf: { status: "ok", record: "v=spf1 include:_spf.google.com -all", lookups: 2, includesSendingService: true, allQualifier: "-all", fix: null },
      dkim: { status: "ok", selector: "google", record: DKIM, fix: null },
      dmarc: { status: "ok", policy: "reject", aligned: true, fix: null },
      mx: { status: "ok", hosts: ["mx.good.test"], record: "1 mx.good.test" },
    });
    expect(health.spf.reason).toContain("Google Workspace");
    expect(health.dkim.reason).toContain("RSA 2048-bit");
  });

  it("checks the selector seen in the mailbox's own mail instead of the provider's", async () => {
    expect((await check("good.test", { dkimSelector: "s2024" })).dkim).toMatchObject({ status: "ok", selector: "s2024" });
    const unseen = await check("good.test", { dkimSelector: "s1999" });
    expect(unseen.dkim).toMatchObject({ status: "missing", selector: "s1999", fix: { type: "TXT", host: "s1999._domainkey.good.test" } });
  });

  it("warns about ~all and fixes it to -all", async () => {
    const { spf, status } = await check("softfail.test");
    expect(status).toBe("warning");
    expect(spf).toMatchObject({ status: "warning", allQualifier: "~all", fix: { type: "TXT", host: "softfail.test", value: "v=spf1 include:_spf.google.com -all", replaces: "v=spf1 include:_spf.google.com ~all" } });
    expect(spf.reason).toContain("~all");
  });

  it("fails +all", async () => {
    const { spf, status } = await check("plusall.test");
    expect(status).toBe("failing");
    expect(spf).toMatchObject({ status: "invalid", allQualifier: "+all", fix: { value: "v=spf1 include:_spf.google.com -all" } });
    expect(spf.reason).toContain("any server");
  });

  it("fails a missing SPF record and gives the one to add", async () => {
    const { spf, status } = await check("nospf.test");
    expect(status).toBe("failing");
    expect(spf).toMatchObject({ status: "missing", record: null, fix: { type: "TXT", host: "nospf.test", value: "v=spf1 include:_spf.google.com -all", replaces: null } });
  });

  it("fails two SPF records and merges them into one", async () => {
    const { spf } = await check("twospf.test");
    expect(spf.status).toBe("invalid");
    // Both records' terms, in the order the server gave the records.
    expect(spf.fix!.value.split(" ").sort()).toEqual(["-all", "include:_spf.google.com", "include:mailgun.org", "v=spf1"]);
    expect(spf.reason).toContain("2 SPF records");
  });

  it("fails a record that does not include the sending service, and adds it", async () => {
    const { spf } = await check("notincluded.test");
    expect(spf).toMatchObject({ status: "invalid", includesSendingService: false, fix: { value: "v=spf1 include:l9.lookups.test include:_spf.google.com -all" } });
  });

  it("fails a record that needs 11 lookups through nested includes", async () => {
    const { spf } = await check("lookups.test");
    expect(spf).toMatchObject({ status: "invalid", lookups: 11, includesSendingService: true, fix: null });
    expect(spf.reason).toContain("11 DNS lookups");
  });

  it("fails an include of a name without SPF record, and still fixes the rest", async () => {
    const { spf } = await check("brokeninclude.test");
    expect(spf).toMatchObject({ status: "invalid", lookups: 3, fix: { value: "v=spf1 include:_spf.google.com include:gone.brokeninclude.test -all" } });
    expect(spf.reason).toContain("gone.brokeninclude.test, which has no SPF record");
    expect(spf.reason).toContain("~all");
  });

  it("fails a missing DKIM key and says where to get it and where to publish it", async () => {
    const { dkim, dmarc } = await check("nodkim.test");
    expect(dkim).toMatchObject({ status: "missing", selector: "google", fix: { type: "TXT", host: "google._domainkey.nodkim.test" } });
    expect(dkim.reason).toContain("Google Admin console");
    // SPF still authenticates the domain.
    expect(dmarc).toMatchObject({ status: "ok", aligned: true });
  });

  it("fails a key that does not parse, and a revoked one", async () => {
    const bad = await check("badkey.test");
    expect(bad.dkim).toMatchObject({ status: "invalid", fix: { host: "google._domainkey.badkey.test", replaces: expect.stringContaining("p=") } });
    expect(bad.dkim.reason).toContain("not a valid public key");
    const revoked = await check("revoked.test");
    expect(revoked.dkim.status).toBe("invalid");
    expect(revoked.dkim.reason).toContain("revoked");
  });

  it("follows Microsoft 365's DKIM CNAME to the key", async () => {
    const health = await check("cname.test", { provider: "microsoft" });
    expect(health.spf).toMatchObject({ status: "ok", includesSendingService: true, lookups: 1 });
    expect(health.dkim).toMatchObject({ status: "ok", selector: "selector1", record: DKIM });
    const missing = await check("nodkim.test", { provider: "microsoft" });
    expect(missing.dkim.reason).toContain("selector1._domainkey.nodkim.test, selector2._domainkey.nodkim.test");
    expect(missing.dkim.fix).toMatchObject({ type: "CNAME", host: "selector1._domainkey.nodkim.test", value: "<the Selector1CNAME Microsoft 365 gives for nodkim.test: Defender portal, DKIM, or Get-DkimSigningConfig>" });
  });

  it("fails a missing DMARC record and recommends one", async () => {
    const { dmarc, status } = await check("nodmarc.test");
    expect(status).toBe("failing");
    expect(dmarc).toMatchObject({ status: "missing", policy: null, fix: { type: "TXT", host: "_dmarc.nodmarc.test", value: "v=DMARC1; p=quarantine; rua=mailto:dmarc-reports@nodmarc.test", replaces: null } });
  });

  it("warns about p=none: monitoring only", async () => {
    const { dmarc, status } = await check("pnone.test");
    expect(status).toBe("warning");
    expect(dmarc).toMatchObject({
      status: "warning",
      policy: "none",
      aligned: true,
      fix: { value: "v=DMARC1; p=quarantine; rua=mailto:dmarc@pnone.test; adkim=s", replaces: "v=DMARC1; p=none; rua=mailto:dmarc@pnone.test; adkim=s" },
    });
    expect(dmarc.reason).toContain("monitoring");
  });

  it("fails an enforced DMARC policy that the mailbox's mail does not pass", async () => {
    const { dmarc } = await check("unaligned.test");
    expect(dmarc).toMatchObject({ status: "invalid", policy: "reject", aligned: false });
    expect(dmarc.reason).toContain("refuse it");
  });

  it("uses the organizational domain's DMARC record for a subdomain", async () => {
    const health = await check("mail.orgdmarc.test");
    expect(health.status).toBe("ok");
    expect(health.dmarc).toMatchObject({ status: "ok", policy: "quarantine", record: "v=DMARC1; p=quarantine" });
    expect(health.dmarc.reason).toContain("parent domain");
  });

  it("fails a domain without MX (replies and bounces cannot arrive), and one whose mail server has no address", async () => {
    const nomx = await check("nomx.test");
    expect(nomx.mx).toMatchObject({ status: "missing", hosts: [], fix: { type: "MX", host: "nomx.test", value: "1 smtp.google.com" } });
    expect(nomx.mx.reason).toContain("replies and bounces");
    expect(nomx.status).toBe("failing");
    const dead = await check("deadmx.test");
    expect(dead.mx).toMatchObject({ status: "invalid", hosts: ["gone.deadmx.test"] });
  });

  it("checks an SMTP mailbox's SPF with mailauth for the addresses its server resolves to", async () => {
    const ok = await check("smtp.test", { provider: "smtp", smtpHost: "out.smtp.test" });
    expect(ok.spf).toMatchObject({ status: "ok", includesSendingService: true });
    expect(ok.dkim).toMatchObject({ status: "ok", selector: "default" });
    const other = await check("smtp.test", { provider: "smtp", smtpHost: "other.smtp.test" });
    expect(other.spf).toMatchObject({ status: "invalid", includesSendingService: false, fix: { value: "v=spf1 ip4:192.0.2.44 ip4:192.0.2.45 -all" } });
    expect(other.spf.reason).toContain("other.smtp.test (192.0.2.45)");
  });

  it("reports SERVFAIL as an error to retry, not a failing domain", async () => {
    const health = await check("servfail.test");
    expect(health.status).toBe("warning");
    for (const part of ["spf", "dkim", "dmarc", "mx"] as const) {
      expect(health[part].status, part).toBe("error");
      expect(health[part].reason, part).toContain("SERVFAIL");
    }
  });
});

describe("DNS health when the DNS server does not answer", () => {
  let silent: Socket;
  let server: string;

  beforeAll(async () => {
    // A UDP socket that takes every question and answers none.
    silent = createSocket("udp4");
    await new Promise<void>((resolve) => silent.bind(0, "127.0.0.1", () => resolve()));
    server = `127.0.0.1:${silent.address().port}`;
  });

  afterAll(() => new Promise<void>((resolve) => silent.close(() => resolve())));

  it("reports every check as an error to retry (timeouts), the domain as a warning", async () => {
    const quick = createDnsResolver([server], { timeoutMs: 200, tries: 1 });
    const health = await evaluateDnsRecords(quick, { domain: "good.test", provider: "google", dkimSelector: null, smtpHost: null, managed: false }, AT);
    expect(health.status).toBe("warning");
    for (const part of ["spf", "dkim", "dmarc", "mx"] as const) {
      expect(health[part]).toMatchObject({ status: "error", fix: null });
      expect(health[part].reason, part).toContain("did not answer in time");
    }
  });

  it("gives up within the default timeout when HERALD_DNS_SERVERS names it", async () => {
    process.env.HERALD_DNS_SERVERS = server;
    resetEnv();
    const started = Date.now();
    const health = await evaluateDnsRecords(createDnsResolver(), { domain: "good.test", provider: "google", dkimSelector: null, smtpHost: null, managed: false }, AT);
    expect(health.spf.status).toBe("error");
    // Every check asks at once: one timeout (2.5 s, then 5 s on the retry), not one per check.
    expect(Date.now() - started).toBeLessThan(20_000);
    process.env.HERALD_DNS_SERVERS = dns.server;
    resetEnv();
  }, 60_000);
});
