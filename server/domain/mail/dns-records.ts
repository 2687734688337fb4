// Reading and writing the DNS records of a mailbox's domain (SPF, DKIM, DMARC), for the DNS health
// checks: what a record says, whether it does its job, and the exact record to publish instead.
// Pure; the lookups themselves are done by services/mail/health/evaluate-dns-records.ts.
export type SendingProvider = "google" | "microsoft" | "sandbox" | "smtp";

export interface SendingService {
  /** As people call it. */
  name: string;
  /** The SPF include that authorizes its servers; null for an SMTP server (checked by its address). */
  spfInclude: string | null;
  /** DKIM selectors it signs with, tried when none was seen in the mailbox's own mail. */
  dkimSelectors: string[];
  /** Where to get the DKIM key, in plain words. */
  dkimKeyFrom: string;
}

export const SANDBOX_SPF_INCLUDE = "_spf.sandbox.herald.test";

export const SENDING_SERVICES: Record<SendingProvider, SendingService> = {
  google: {
    name: "Google Workspace",
    spfInclude: "_spf.google.com",
    dkimSelectors: ["google"],
    dkimKeyFrom: "In the Google Admin console: Apps → Google Workspace → Gmail → Authenticate email → Generate new record, then Start authentication",
  },
  microsoft: {
    name: "Microsoft 365",
    spfInclude: "spf.protection.outlook.com",
    dkimSelectors: ["selector1", "selector2"],
    dkimKeyFrom:
      "In the Microsoft Defender portal: Email & collaboration → Policies → Email authentication settings → DKIM, select the domain: it shows the two CNAME records (selector1 and selector2) to publish, then turn signing on",
  },
  sandbox: {
    name: "the Herald sandbox",
    spfInclude: SANDBOX_SPF_INCLUDE,
    dkimSelectors: ["herald"],
    dkimKeyFrom: "The sandbox publishes it for every domain; this domain's name asks for it to be missing or broken (docs/sandbox.md)",
  },
  smtp: {
    name: "your mail server",
    spfInclude: null,
    dkimSelectors: ["default", "mail", "dkim", "selector1", "google", "k1", "s1"],
    dkimKeyFrom: "From your mail host or mail server's DKIM settings (it creates the key pair and shows the public key to publish)",
  },
};

/**
 * The service a mailbox sends through: its provider, or for an SMTP mailbox on Google's or
 * Microsoft's servers (an app password on smtp.gmail.com, smtp.office365.com) that service, whose
 * SPF include and DKIM selectors apply rather than the server's own addresses.
 */
export function sendingProvider(provider: string, smtpHost: string | null = null): SendingProvider {
  if (provider === "google" || provider === "microsoft" || provider === "sandbox") return provider;
  // A managed Microsoft 365 mailbox reached through Graph sends through Exchange Online like any Microsoft one.
  if (provider === "microsoft-graph") return "microsoft";
  const host = smtpHost?.toLowerCase().replace(/\.$/, "") ?? "";
  if (/(^|\.)(gmail\.com|googlemail\.com|google\.com)$/.test(host)) return "google";
  if (/(^|\.)(office365\.com|outlook\.com)$/.test(host)) return "microsoft";
  return "smtp";
}

// ---------------------------------------------------------------------------------------------
// SPF

export type SpfAll = "-all" | "~all" | "?all" | "+all";

/** The TXT strings of a name joined per record (a record may come split in 255-byte pieces). */
export function joinTxt(records: unknown): string[] {
  return (Array.isArray(records) ? records : []).map((record) => (Array.isArray(record) ? record.join("") : String(record)).trim());
}

export function spfRecordsOf(txt: string[]): string[] {
  return txt.filter((record) => /^v=spf1(\s|$)/i.test(record));
}

function spfTerms(record: string): string[] {
  return record.trim().split(/\s+/).slice(1);
}

/** The record's `all` with its qualifier (a bare `all` is `+all`); null when it has none. */
export function spfAll(record: string): SpfAll | null {
  const term = spfTerms(record).find((candidate) => /^[-~?+]?all$/i.test(candidate));
  if (!term) return null;
  return (/^[-~?+]/.test(term) ? `${term[0]}all` : "+all") as SpfAll;
}

/** The terms that cost a DNS lookup (RFC 7208 §4.6.4), and the names whose records count too. */
export function spfLookupTerms(record: string): { count: number; nested: string[] } {
  let count = 0;
  const nested: string[] = [];
  for (const term of spfTerms(record)) {
    const bare = term.replace(/^[-~?+]/, "").toLowerCase();
    const include = bare.match(/^include:(.+)$/) ?? bare.match(/^redirect=(.+)$/);
    if (include) {
      count += 1;
      if (!include[1]!.includes("%")) nested.push(include[1]!);
    } else if (/^(a|mx|ptr)([:/]|$)/.test(bare) || bare.startsWith("exists:")) count += 1;
  }
  return { count, nested };
}

export function spfIncludes(record: string, include: string): boolean {
  return spfTerms(record).some((term) => term.replace(/^\+/, "").toLowerCase() === `include:${include.toLowerCase()}`);
}

/**
 * The SPF record to publish: the current one's terms kept, the mechanisms that authorize the
 * sending service (`include:_spf.google.com`, `ip4:203.0.113.7`) added when missing, ending in
 * `-all` (only the servers listed may send).
 */
export function fixedSpfRecord(current: string | null, mechanisms: string[]): string {
  const kept = current ? spfTerms(current).filter((term) => !/^[-~?+]?all$/i.test(term)) : [];
  const has = (mechanism: string) => kept.some((term) => term.replace(/^\+/, "").toLowerCase() === mechanism.toLowerCase());
  const added = mechanisms.filter((mechanism) => !has(mechanism));
  const firstOther = kept.findIndex((term) => !/^\+?(include:|ip4:|ip6:|a|mx)/i.test(term));
  kept.splice(firstOther < 0 ? kept.length : firstOther, 0, ...added);
  // A redirect= names the record that decides; an `all` would override it.
  return ["v=spf1", ...kept, ...(kept.some((term) => /^redirect=/i.test(term)) ? [] : ["-all"])].join(" ");
}

// ---------------------------------------------------------------------------------------------
// DKIM

export function parseTags(record: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const part of record.split(";")) {
    const at = part.indexOf("=");
    if (at > 0) tags[part.slice(0, at).trim().toLowerCase()] = part.slice(at + 1).replace(/\s+/g, "");
  }
  return tags;
}

// ---------------------------------------------------------------------------------------------
// DMARC

export type DmarcPolicy = "none" | "quarantine" | "reject";

export function dmarcPolicy(tags: Record<string, string | number | boolean>): DmarcPolicy | null {
  const policy = String(tags.p ?? "").toLowerCase();
  return policy === "none" || policy === "quarantine" || policy === "reject" ? policy : null;
}

/** The DMARC record to publish: quarantine failing mail, reports to the domain's own address, the current record's other tags kept. */
export function recommendedDmarcRecord(domain: string, current: Record<string, string | number | boolean> | null): string {
  const tags: Array<[string, string]> = [["v", "DMARC1"], ["p", "quarantine"]];
  const keep = current ? Object.entries(current).filter(([tag, value]) => typeof tag === "string" && !["v", "p", "rr", "isorgrecord"].includes(tag) && value !== false) : [];
  for (const [tag, value] of keep) tags.push([tag, String(value)]);
  if (!tags.some(([tag]) => tag === "rua")) tags.push(["rua", `mailto:dmarc-reports@${domain}`]);
  return tags.map(([tag, value]) => `${tag}=${value}`).join("; ");
}
