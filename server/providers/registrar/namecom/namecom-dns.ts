// Makes a Name.com zone hold exactly Herald's mail records, and its web address redirect where the
// order said. Name.com records carry no owner tag, so "Herald's" is decided by what they are for:
// every MX record (a domain Herald registered for mail receives mail only where Herald says), TXT
// records that are mail policy or a platform's verification (SPF, DMARC, `MS=`, Google's), and
// mail CNAMEs (DKIM selectors, autodiscover, and any host Herald publishes a CNAME at). Anything else (A records, the
// owner's own TXT) is left alone. Safe to repeat: each run reads the zone and converges.
import type { TDnsRecord } from "../../../schemas/mailbox-order";
import type { NamecomClient } from "./namecom-registrar";
import { domainPath } from "./namecom-paths";

const HERALD_TTL = 300;
const HERALD_TXT_PREFIXES = ["v=spf1", "v=dmarc1", "ms=", "google-site-verification="];
/** Mail CNAMEs an earlier publish may have left (a DKIM selector, Outlook's autodiscover). */
const MAIL_CNAME_HOSTS = /(^|\.)_domainkey$|^autodiscover$/;

export interface NamecomRecord {
  id: number;
  domainName?: string;
  /** Omitted (Name.com leaves out empty values) or "" for the apex. */
  host?: string;
  type: string;
  answer: string;
  ttl?: number;
  priority?: number;
}

interface NamecomForwarding {
  domainName?: string;
  /**
   * In an answer, the whole host name (`www.acme.com`, `acme.com` for the apex: URLForwardingResponse);
   * in a create, the subdomain part only (`www`: URLForwarding.host).
   */
  host?: string;
  forwardsTo?: string;
  type?: string;
}

function normalHost(host: string | undefined, domain: string): string {
  const bare = (host ?? "").trim().toLowerCase().replace(/\.$/, "");
  if (bare === "" || bare === "@" || bare === domain) return "@";
  return bare.endsWith(`.${domain}`) ? bare.slice(0, -(domain.length + 1)) : bare;
}

function normalValue(type: string, value: string): string {
  const trimmed = value.trim();
  if (type === "TXT") return trimmed.replace(/^"(.*)"$/s, "$1");
  return trimmed.toLowerCase().replace(/\.$/, "");
}

function key(type: string, host: string, value: string, priority: number | null): string {
  return [type, host, normalValue(type, value), type === "MX" ? (priority ?? 0) : ""].join("|");
}

function isHeralds(record: NamecomRecord, domain: string, cnameHosts: Set<string>): boolean {
  const type = record.type.toUpperCase();
  if (type === "MX") return true;
  if (type === "TXT") return HERALD_TXT_PREFIXES.some((prefix) => normalValue("TXT", record.answer).toLowerCase().startsWith(prefix));
  if (type === "CNAME") {
    const host = normalHost(record.host, domain);
    return cnameHosts.has(host) || MAIL_CNAME_HOSTS.test(host);
  }
  return false;
}

async function listRecords(call: NamecomClient, domain: string): Promise<NamecomRecord[]> {
  const records: NamecomRecord[] = [];
  for (let page = 1; page <= 50; page++) {
    const body = await call<{ records?: NamecomRecord[]; nextPage?: number }>({
      method: "GET",
      path: `${domainPath(domain)}/records?perPage=1000&page=${page}`,
      effect: "repeatable",
      what: `reading the DNS records of ${domain}`,
    });
    records.push(...(body?.records ?? []));
    if (!body?.nextPage || body.nextPage <= page) break;
  }
  return records;
}

async function publishRedirect(call: NamecomClient, domain: string, redirectUrl: string | null): Promise<void> {
  const base = `${domainPath(domain)}/url/forwarding`;
  const body = await call<{ urlForwarding?: NamecomForwarding[] }>({ method: "GET", path: base, effect: "repeatable", what: `reading the redirect of ${domain}` });
  const apex = (body?.urlForwarding ?? []).filter((entry) => normalHost(entry.host, domain) === "@");
  const current = apex.find((entry) => entry.forwardsTo === redirectUrl && entry.type?.toLowerCase() === "redirect");
  for (const entry of apex) {
    if (entry === current) continue;
    // DeleteURLForwarding's {host} is "the full hostname, including subdomain", as the list answers it.
    await call({
      method: "DELETE",
      path: `${base}/${encodeURIComponent(entry.host || domain)}`,
      effect: "repeatable",
      what: `removing the redirect of ${domain}`,
      missingIsNull: true,
    });
  }
  if (redirectUrl && !current) {
    await call({
      method: "POST",
      path: base,
      // `host` is the subdomain part (URLForwarding.host); the reference does not say how the apex is
      // written, so it is "" as for DNS records, where "" or "@" is documented for the apex.
      body: { host: "", forwardsTo: redirectUrl, type: "redirect" },
      effect: "repeatable",
      what: `pointing ${domain} to ${redirectUrl}`,
    });
  }
}

export async function publishNamecomDns(call: NamecomClient, input: { name: string; records: TDnsRecord[]; redirectUrl: string | null }): Promise<void> {
  const domain = input.name.toLowerCase();
  const wanted = new Map(input.records.map((record) => [key(record.type, normalHost(record.host, domain), record.value, record.priority), record]));
  const cnameHosts = new Set(input.records.filter((record) => record.type === "CNAME").map((record) => normalHost(record.host, domain)));
  const existing = await listRecords(call, domain);
  const present = new Set<string>();

  for (const record of existing) {
    const type = record.type.toUpperCase();
    const recordKey = key(type, normalHost(record.host, domain), record.answer, record.priority ?? null);
    if (wanted.has(recordKey) && !present.has(recordKey)) {
      present.add(recordKey);
      continue;
    }
    if (!isHeralds(record, domain, cnameHosts)) continue;
    await call({
      method: "DELETE",
      path: `${domainPath(domain)}/records/${record.id}`,
      effect: "repeatable",
      what: `removing an old ${type} record of ${domain}`,
      missingIsNull: true,
    });
  }

  for (const [recordKey, record] of wanted) {
    if (present.has(recordKey)) continue;
    const host = normalHost(record.host, domain);
    await call({
      method: "POST",
      path: `${domainPath(domain)}/records`,
      body: {
        host: host === "@" ? "" : host,
        type: record.type,
        answer: record.value,
        ttl: HERALD_TTL,
        ...(record.type === "MX" ? { priority: record.priority ?? 0 } : {}),
      },
      // A record created twice is removed by the next run, which compares against the zone.
      effect: "repeatable",
      what: `adding the ${record.type} record ${host} to ${domain}`,
    });
  }

  await publishRedirect(call, domain, input.redirectUrl);
}
