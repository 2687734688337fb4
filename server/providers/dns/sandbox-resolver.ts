// The sandbox's DNS: simulated zones for any domain, so a sandbox mailbox's DNS checks (and the
// sandbox deliverability test's blocklist lookups) run the same code as a real mailbox's without
// asking the internet. Every domain is healthy, unless a word in its name breaks something on
// purpose (docs/sandbox.md, docs/mailbox-health.md): `ada@nodkim-acme.test` has no DKIM key.
// Deterministic: the same name always gets the same answer, in every Herald process.
import { SANDBOX_SPF_INCLUDE } from "../../domain/mail/dns-records";
import { isReservedTestName } from "../../domain/mail/tracking-domain";
import { env, trackingCnameTarget } from "../../env";
import type { DnsResolver } from "./resolver";

/** The SPF include of the sandbox's sending service (what a sandbox mailbox's SPF must name). */
export { SANDBOX_SPF_INCLUDE };
/** The addresses the sandbox's sending service sends from (TEST-NET-1, never routed). */
export const SANDBOX_SENDING_NETWORK = "192.0.2.0/24";
export const SANDBOX_SENDING_IP = "192.0.2.25";
/** The sending IP a deliverability test of a `listed` sandbox mailbox reports: the IP blocklists list it. */
export const LISTED_SENDING_IP = "192.0.2.66";
/** The DKIM selector the sandbox signs with. */
export const SANDBOX_DKIM_SELECTOR = "herald";
/** The sandbox's MX hosts, for every domain. */
export const SANDBOX_MX_HOSTS = ["mx1.sandbox.herald.test", "mx2.sandbox.herald.test"];
/**
 * The sandbox domains' DKIM public key (RSA 2048, SubjectPublicKeyInfo DER in base64): a fixed key,
 * so a signature checked in one process verifies in another. Only the public half exists in Herald.
 */
export const SANDBOX_DKIM_PUBLIC_KEY =
  "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAtb5DtXaLN2sTFUWA/0R99ndDmlcZmu6DgN3CV14LGIczKifea0n9stWbhXqvsX9cgkWVy8h/Bg/eIAcWB1SCxgKf/vYzhgmVPlCkNscrPGnwruvcZ9Oo4QryKHUyBfAJMqyMlz8I4eaLXSIVwhMjce6a181covYJTFVCZFYFnzUsOQ7KXgL+AiwbM2Xmwiu7Pa1YihK5DBwhGt0lMCgw044jzPtsJa/MO2iHocqQQPK2/bvklSLk1HFcJYHk/5lIpYDby3cdNlPHZLa66cA+sNCcmTH0t0UnmCmWYKLfsg9TMZhSAOL3yXmfapwpxO3qKK6p1buWTzMYlCytg+l2ewIDAQAB";

/**
 * Words that break a sandbox domain's DNS when they are a part of its name (split at dots and
 * hyphens: `nospf-acme.test`, `ada@softfail.acme.test`). Several can be combined.
 */
export const SANDBOX_DNS_WORDS = {
  nospf: "no SPF record",
  wrongspf: "an SPF record that does not include the sandbox's sending service",
  softfail: "SPF ends in ~all (soft fail)",
  plusall: "SPF ends in +all (anyone may send)",
  toomanylookups: "SPF needs 11 DNS lookups (more than the 10 allowed)",
  nodkim: "no DKIM key at herald._domainkey",
  badkey: "a DKIM record whose key does not parse",
  nodmarc: "no DMARC record",
  dmarcnone: "DMARC p=none (monitoring only)",
  nomx: "no MX record",
  nomail: "no MX and no address record: the domain receives no mail (address verification finds its addresses invalid)",
  dnserror: "every lookup fails (SERVFAIL), as a broken DNS host does",
  catchall: "its mail servers accept mail for any address (a catch-all domain): with the catch-all probe on, address verification finds its addresses risky; nothing is probed",
  listed: "listed on the domain blocklists (and its deliverability test's sending IP on the IP blocklists)",
  nocname: "a tracking domain on it has no CNAME record (it stays failing)",
  wrongcname: "a tracking domain on it is a CNAME of another host than Herald (it stays failing)",
} as const;
export type SandboxDnsWord = keyof typeof SANDBOX_DNS_WORDS;

/** The breaking words in a domain's name. */
export function sandboxDnsWords(domain: string): Set<SandboxDnsWord> {
  const parts = domain.toLowerCase().split(/[.-]/);
  return new Set((Object.keys(SANDBOX_DNS_WORDS) as SandboxDnsWord[]).filter((word) => parts.includes(word)));
}

const SERVICE_ZONE = "sandbox.herald.test";
const LISTED_ANSWER = "127.0.0.2";
const DOMAIN_LISTED_ANSWER = "127.0.1.2";

function dnsError(code: "ENOTFOUND" | "ENODATA" | "ESERVFAIL", name: string, rrtype: string): Error {
  return Object.assign(new Error(`query${rrtype} ${code} ${name}`), { code, hostname: name, syscall: `query${rrtype}` });
}

function blocklistZones(): string[] {
  const zones = (value: string) => (value === "none" ? [] : value.split(",").map((zone) => zone.trim().toLowerCase()).filter(Boolean));
  return [...zones(env().HERALD_DNSBL_ZONES), ...zones(env().HERALD_DOMAIN_BLOCKLISTS)];
}

/** The sandbox's records of one name, by type; null when the name does not exist. */
function sandboxRecords(name: string): Record<string, unknown[]> | null {
  if (name === SANDBOX_SPF_INCLUDE) return { TXT: [[`v=spf1 ip4:${SANDBOX_SENDING_NETWORK} -all`]] };
  if (name === SERVICE_ZONE) return { A: ["192.0.2.1"] };
  if (SANDBOX_MX_HOSTS.includes(name)) return { A: [name.startsWith("mx1") ? "192.0.2.10" : "192.0.2.11"] };
  if (name.endsWith(`.${SERVICE_ZONE}`)) return null;

  // A blocklist question: <reversed ip or domain>.<zone>.
  const zone = blocklistZones().find((candidate) => name.endsWith(`.${candidate}`));
  if (zone) {
    const target = name.slice(0, -zone.length - 1);
    const ipListed = /^\d+\.\d+\.\d+\.\d+$/.test(target) && target.split(".").reverse().join(".") === LISTED_SENDING_IP;
    if (!ipListed && !sandboxDnsWords(target).has("listed")) return null;
    return { A: [ipListed ? LISTED_ANSWER : DOMAIN_LISTED_ANSWER], TXT: [[`Listed by the Herald sandbox: ${target} has the word "listed"`]] };
  }

  const dkim = name.match(/^([^.]+)\._domainkey\.(.+)$/);
  if (dkim) {
    const [, selector, domain] = dkim;
    const words = sandboxDnsWords(domain!);
    if (selector !== SANDBOX_DKIM_SELECTOR || words.has("nodkim")) return null;
    return { TXT: [[`v=DKIM1; k=rsa; p=${words.has("badkey") ? "bm90IGEga2V5" : SANDBOX_DKIM_PUBLIC_KEY}`]] };
  }
  const dmarc = name.match(/^_dmarc\.(.+)$/);
  if (dmarc) {
    const words = sandboxDnsWords(dmarc[1]!);
    if (words.has("nodmarc")) return null;
    return { TXT: [[`v=DMARC1; p=${words.has("dmarcnone") ? "none" : "quarantine"}; rua=mailto:dmarc@${dmarc[1]}`]] };
  }
  const lookup = name.match(/^_spf(\d+)\.(.+)$/);
  if (lookup) return sandboxDnsWords(lookup[2]!).has("toomanylookups") ? { TXT: [[`v=spf1 ip4:198.51.100.${lookup[1]} -all`]] } : null;
  if (name.startsWith("_")) return null;

  const words = sandboxDnsWords(name);
  const records: Record<string, unknown[]> = words.has("nomail") ? {} : { A: ["192.0.2.80"] };
  if (!words.has("nospf")) records.TXT = [[sandboxSpf(name, words)]];
  if (!words.has("nomx") && !words.has("nomail")) records.MX = SANDBOX_MX_HOSTS.map((exchange, index) => ({ exchange, priority: 10 * (index + 1) }));
  return records;
}

function sandboxSpf(domain: string, words: Set<SandboxDnsWord>): string {
  const all = words.has("plusall") ? "+all" : words.has("softfail") ? "~all" : "-all";
  const service = words.has("wrongspf") ? "include:_spf.elsewhere.example" : `include:${SANDBOX_SPF_INCLUDE}`;
  const extra = words.has("toomanylookups") ? Array.from({ length: 10 }, (_, index) => ` include:_spf${index + 1}.${domain}`).join("") : "";
  return `v=spf1 ${service}${extra} ${all}`;
}

/**
 * A host's CNAME in the sandbox: every host below a domain under a reserved test TLD (.example, .test,
 * .invalid, .localhost) is a CNAME of Herald (the target a tracking domain must point at), so a
 * sandbox workspace's tracking domain verifies offline; the words `nocname` and `wrongcname` in the
 * host break it. A domain's apex has none (it has MX and TXT), nor has any real name: the sandbox
 * must never vouch that a host someone else owns points at Herald.
 */
function sandboxCname(name: string): unknown[] | null {
  const words = sandboxDnsWords(name);
  if (words.has("nocname") || name.split(".").length < 3 || !isReservedTestName(name)) return null;
  return [words.has("wrongcname") ? "elsewhere.sandbox.herald.test" : trackingCnameTarget()];
}

/** Answers from the sandbox's zones, as Node's resolver would (TXT as chunks, MX objects, Node's error codes). */
export const sandboxDnsResolver: DnsResolver = async (rawName, rrtype) => {
  const name = rawName.toLowerCase().replace(/\.$/, "");
  const type = rrtype.toUpperCase();
  const owner = name.replace(/^(_dmarc|[^.]+\._domainkey|_spf\d+)\./, "");
  if (!name.endsWith(SERVICE_ZONE) && sandboxDnsWords(owner).has("dnserror") && !blocklistZones().some((zone) => name.endsWith(`.${zone}`))) {
    throw dnsError("ESERVFAIL", name, type);
  }
  if (type === "CNAME" && !name.split(".").some((label) => label.startsWith("_")) && !name.endsWith(SERVICE_ZONE)) {
    const cname = sandboxCname(name);
    if (!cname) throw dnsError("ENODATA", name, type);
    return cname as Awaited<ReturnType<DnsResolver>>;
  }
  const records = sandboxRecords(name);
  if (!records) throw dnsError("ENOTFOUND", name, type);
  const answer = records[type];
  if (!answer?.length) throw dnsError("ENODATA", name, type);
  return answer as Awaited<ReturnType<DnsResolver>>;
};
