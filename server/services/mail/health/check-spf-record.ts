// The SPF part of the DNS checks: one v=spf1 record, authorizing the servers the mailbox sends
// through, within the 10 DNS lookups receivers allow, ending in -all.
import { isIP } from "node:net";
import type { DNSResolver } from "mailauth";
import { spf } from "mailauth/lib/spf/index.js";
import { fixedSpfRecord, joinTxt, spfAll, spfLookupTerms, spfRecordsOf, type SendingService } from "../../../domain/mail/dns-records";
import type { DnsResolver } from "../../../providers/dns";
import type { TDnsHealth } from "../../../schemas/mailbox-health";
import { lookup, lookupFailed } from "./dns-lookup";
import { worstOf, type Finding } from "./dns-findings";

export const MAX_SPF_LOOKUPS = 10;

export interface SpfTarget {
  domain: string;
  service: SendingService;
  /** An SMTP mailbox's outgoing server: its addresses must be authorized (null otherwise). */
  smtpHost: string | null;
}

interface LookupCount {
  count: number;
  /** Every name reached through include: and redirect=, lower-cased. */
  reached: Set<string>;
  /** Names included that have no SPF record: receivers treat that as a permanent error. */
  broken: string[];
}

/**
 * DNS lookups the record needs, counted through its includes and redirect (stops past the limit).
 * `seen` is shared by the whole walk and bounds it: once 10 names were followed, another one makes
 * the count pass 10 anyway, so a chain of includes (one per level, each level under the limit on
 * its own) cannot make a domain's owner keep the check asking the DNS without end.
 */
async function countLookups(resolver: DnsResolver, record: string, seen: Set<string>): Promise<LookupCount> {
  const { count, nested } = spfLookupTerms(record);
  const result: LookupCount = { count, reached: new Set(nested.map((name) => name.toLowerCase())), broken: [] };
  for (const name of nested) {
    if (result.count > MAX_SPF_LOOKUPS || seen.size > MAX_SPF_LOOKUPS || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    const answer = await lookup(resolver, name, "TXT");
    if (answer.kind === "error") throw Object.assign(new Error(`SPF lookup of ${name} failed`), { code: answer.code });
    const inner = answer.kind === "records" ? spfRecordsOf(joinTxt(answer.records))[0] : undefined;
    if (!inner) {
      result.broken.push(name);
      continue;
    }
    const below = await countLookups(resolver, inner, seen);
    result.count += below.count;
    for (const reached of below.reached) result.reached.add(reached);
    result.broken.push(...below.broken);
  }
  return result;
}

/** The addresses of an SMTP server (itself when it is an address). */
async function smtpAddresses(resolver: DnsResolver, host: string): Promise<string[]> {
  if (isIP(host)) return [host];
  const [v4, v6] = await Promise.all([lookup<string>(resolver, host, "A"), lookup<string>(resolver, host, "AAAA")]);
  return [...(v4.kind === "records" ? v4.records : []), ...(v6.kind === "records" ? v6.records : [])];
}

/** Addresses of an SMTP server checked at most (each is one SPF evaluation). */
const MAX_SMTP_ADDRESSES = 4;

/**
 * Whether the domain's SPF lets the SMTP server's addresses send, by mailauth's own SPF evaluation:
 * null when it cannot tell (a permanent error in the record, reported by the other findings),
 * "error" when a lookup failed.
 */
async function authorizesAddresses(resolver: DnsResolver, domain: string, addresses: string[]): Promise<boolean | null | "error"> {
  for (const ip of addresses.slice(0, MAX_SMTP_ADDRESSES)) {
    const { status } = await spf({ sender: `postmaster@${domain}`, ip, helo: domain, mta: "herald", resolver: resolver as DNSResolver });
    if (status.result === "temperror") return "error";
    if (status.result === "permerror") return null;
    if (status.result !== "pass") return false;
  }
  return true;
}

export async function checkSpf(resolver: DnsResolver, target: SpfTarget): Promise<TDnsHealth["spf"]> {
  const { domain, service } = target;
  const empty = { record: null, lookups: null, includesSendingService: null, allQualifier: null };
  const answer = await lookup(resolver, domain, "TXT");
  if (answer.kind === "error") return { ...empty, status: "error", reason: lookupFailed(`${domain}'s SPF record`, answer.code), fix: null };

  const addresses = target.smtpHost ? await smtpAddresses(resolver, target.smtpHost) : [];
  const mechanisms = service.spfInclude
    ? [`include:${service.spfInclude}`]
    : addresses.length
      ? addresses.map((ip) => (isIP(ip) === 6 ? `ip6:${ip}` : `ip4:${ip}`))
      : target.smtpHost ? [`a:${target.smtpHost}`] : [];
  const records = answer.kind === "records" ? spfRecordsOf(joinTxt(answer.records)) : [];
  if (!records.length) {
    return {
      ...empty,
      status: "missing",
      reason: `${domain} has no SPF record, so receivers cannot tell which servers may send its mail, and mail from ${service.name} is more likely to land in spam. Add the record below.`,
      fix: { type: "TXT", host: domain, value: fixedSpfRecord(null, mechanisms), replaces: null },
    };
  }
  const record = records[0]!;
  if (records.length > 1) {
    const merged = fixedSpfRecord(`v=spf1 ${records.map((one) => one.replace(/^v=spf1\s*/i, "")).join(" ")}`, mechanisms);
    return {
      ...empty,
      record: records.join("\n"),
      status: "invalid",
      reason: `${domain} has ${records.length} SPF records. A domain may have only one: receivers treat several as an error (permerror) and SPF fails. Replace them with the single record below, and delete the others.`,
      fix: { type: "TXT", host: domain, value: merged, replaces: record },
    };
  }

  let counted: LookupCount;
  try {
    counted = await countLookups(resolver, record, new Set([domain]));
  } catch (error) {
    return { ...empty, record, status: "error", reason: lookupFailed(`the records ${domain}'s SPF includes`, (error as { code?: string }).code ?? "failed"), fix: null };
  }
  const lookups = counted.count;
  const authorized = service.spfInclude
    ? counted.reached.has(service.spfInclude.toLowerCase())
    : addresses.length
      ? await authorizesAddresses(resolver, domain, addresses)
      : null;
  if (authorized === "error") {
    return { ...empty, record, lookups, status: "error", reason: lookupFailed(`the records ${domain}'s SPF names`, "temperror"), fix: null };
  }
  const includesSendingService = authorized;
  const all = spfAll(record);
  const redirects = /(^|\s)redirect=/i.test(record);
  const fix = { type: "TXT" as const, host: domain, value: fixedSpfRecord(record, mechanisms), replaces: record };

  const findings: Finding[] = [];
  if (lookups > MAX_SPF_LOOKUPS) {
    findings.push({
      status: "invalid",
      manual: true,
      text: `The SPF record needs ${lookups} DNS lookups counting its includes; receivers stop at ${MAX_SPF_LOOKUPS} and treat SPF as failed (permerror). Remove includes of services that no longer send for ${domain}, or replace some with their ip4:/ip6: ranges.`,
    });
  }
  if (includesSendingService === false) {
    findings.push({
      status: "invalid",
      text: service.spfInclude
        ? `The SPF record does not include ${service.name} (include:${service.spfInclude}), so receivers see this mailbox's mail as coming from a server the domain did not authorize.`
        : `The SPF record does not authorize ${target.smtpHost} (${addresses.join(", ")}), the server this mailbox sends through.`,
    });
  } else if (includesSendingService === null && target.smtpHost && !addresses.length) {
    findings.push({ status: "warning", text: `Could not find the address of ${target.smtpHost}, the server this mailbox sends through, so it is not known whether SPF authorizes it.` });
  }
  if (counted.broken.length) {
    findings.push({
      status: "invalid",
      manual: true,
      text: `The SPF record includes ${counted.broken.join(", ")}, which ${counted.broken.length > 1 ? "have" : "has"} no SPF record: receivers treat that as an error (permerror) and SPF fails. Remove ${counted.broken.length > 1 ? "those includes" : "that include"} or correct the name.`,
    });
  }
  if (all === "+all") findings.push({ status: "invalid", text: "The SPF record ends in +all, which lets any server on the internet send as this domain: spammers can too. End it in -all." });
  else if (all === "?all") findings.push({ status: "invalid", text: "The SPF record ends in ?all (neutral), which says nothing about other servers, so it protects nothing. End it in -all." });
  else if (all === null && !redirects) findings.push({ status: "invalid", text: "The SPF record has no all at the end, so servers it does not list are not turned away. End it in -all." });
  else if (all === "~all") findings.push({ status: "warning", text: "The SPF record ends in ~all (soft fail): mail from servers it does not list is only marked, not refused. Once every service that sends for the domain is listed, end it in -all." });

  const status = worstOf(findings.map((finding) => finding.status));
  return {
    record,
    lookups,
    includesSendingService,
    allQualifier: all,
    status,
    reason:
      status === "ok"
        ? `SPF is in order: it authorizes ${service.name}, turns away other servers (${all ?? "by its redirect"}) and needs ${lookups} of the ${MAX_SPF_LOOKUPS} DNS lookups allowed.`
        : findings.map((finding) => finding.text).join(" "),
    // Too many lookups and broken includes need a person's choice (which services to keep).
    fix: status === "ok" || findings.every((finding) => finding.manual) ? null : fix,
  };
}
