// Whether an address is worth sending to, from what is known about it: its syntax, the domain's
// mail records, an earlier hard bounce, and lists of throwaway providers, free webmail and role
// names. Pure: the lookups (DNS, the dead-address table) are done by the caller
// (services/verification/verify-addresses.ts) and handed in as facts. The first rule that applies gives
// the status and its reason, so the reason always names the one thing that decided it.
//
// Sources: syntax and disposable domains from mailchecker (a maintained list of throwaway
// providers, with an RFC 5321/5322 address pattern); free webmail from email-providers (goware's
// list of free mail providers); role names from ./role-addresses.ts.
import freeWebmailDomains from "email-providers/all.json";
import mailchecker from "mailchecker";
import { roleOfLocalPart } from "./role-addresses";

export type AddressStatus = "valid" | "risky" | "invalid" | "unknown";

/** Which rule decided: stable, for filters and counts; the reason is for people. */
export type AddressCheck =
  | "bad-syntax"
  | "known-dead"
  | "disposable"
  | "domain-refuses-mail"
  | "no-mail-domain"
  | "lookup-failed"
  | "role"
  | "catch-all"
  | "free-webmail"
  | "deliverable-domain";

export interface AddressClassification {
  status: AddressStatus;
  check: AddressCheck;
  /** Plain words, e.g. "info@ is a role address, read by a team rather than a person". */
  reason: string;
}

export interface AddressFacts {
  /** The domain has MX records (other than a null MX). */
  domainHasMx: boolean;
  /** The domain has A or AAAA records: mail goes there when it has no MX (RFC 5321 §5.1). */
  domainHasA: boolean;
  /** The DNS lookup failed (timeout, SERVFAIL): nothing is known about the domain. */
  domainLookupFailed: boolean;
  /** The domain publishes a null MX (RFC 7505): it states that it accepts no mail. */
  domainRefusesMail?: boolean;
  /** An earlier e-mail to this address bounced for good (the DeadEmailAddress table). */
  knownDead: boolean;
  /** The plain-words reason stored with that bounce, when there is one. */
  deadReason?: string | null;
  /** The campaign targets companies, so a private webmail address is off-target. */
  targetsCompanies: boolean;
  /** The domain accepts mail for any address (null: not probed). */
  catchAll?: boolean | null;
}

/**
 * Domains email-providers lists as free webmail that are companies' own domains: an address there is
 * someone's work address, not a private mailbox anyone can open. Checked against the list by hand
 * (issue 37); keep each with its reason.
 */
export const NOT_FREE_WEBMAIL: ReadonlySet<string> = new Set([
  // Meta's. @facebook.com addresses for members ended in 2014; today they are Meta employees'.
  "facebook.com",
  // Alibaba Group's marketplace; its free mail is aliyun.com (listed, and kept).
  "alibaba.com",
  // Verizon's former media company (Yahoo, AOL): staff addresses, never a public mail service.
  "oath.com",
]);

const FREE_WEBMAIL: ReadonlySet<string> = new Set(freeWebmailDomains.filter((domain) => !NOT_FREE_WEBMAIL.has(domain)));
const DISPOSABLE: ReadonlySet<string> = mailchecker.blacklist();

/** An address split at its last "@", trimmed, the domain lower-cased; null without a local part and a domain. */
export function splitAddress(address: string): { localPart: string; domain: string } | null {
  const trimmed = address.trim();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0 || at === trimmed.length - 1) return null;
  return { localPart: trimmed.slice(0, at), domain: trimmed.slice(at + 1).toLowerCase() };
}

/** The listed throwaway domain the domain is, or is under ("mailinator.com" for "x.mailinator.com"), else null. */
export function disposableDomainOf(domain: string): string | null {
  for (let candidate = domain.toLowerCase(); candidate.includes("."); candidate = candidate.slice(candidate.indexOf(".") + 1)) {
    if (DISPOSABLE.has(candidate)) return candidate;
  }
  return null;
}

export function isFreeWebmailDomain(domain: string): boolean {
  return FREE_WEBMAIL.has(domain.toLowerCase());
}

/**
 * mailchecker's only entry point, isValid, also refuses throwaway domains; for those the local part
 * is checked against a domain of sure syntax instead, so that bad syntax still wins over "disposable".
 */
function hasValidSyntax(localPart: string, domain: string): boolean {
  if (mailchecker.isValid(`${localPart}@${domain}`)) return true;
  return disposableDomainOf(domain) !== null && mailchecker.isValid(`${localPart}@example.org`);
}

/**
 * The domain whose mail records decide the address, or null when the address is decided without
 * DNS (bad syntax, a throwaway provider). The caller looks up only these.
 */
export function domainToLookUp(address: string): string | null {
  const parts = splitAddress(address);
  if (!parts || !hasValidSyntax(parts.localPart, parts.domain)) return null;
  return disposableDomainOf(parts.domain) ? null : parts.domain;
}

export function classifyAddress(address: string, facts: AddressFacts): AddressClassification {
  const parts = splitAddress(address);
  if (!parts || !hasValidSyntax(parts.localPart, parts.domain)) {
    const shown = address.trim() || "(empty)";
    return { status: "invalid", check: "bad-syntax", reason: `${shown} is not a valid e-mail address (bad syntax)` };
  }
  const { localPart, domain } = parts;
  if (facts.knownDead) {
    const why = facts.deadReason?.trim();
    return { status: "invalid", check: "known-dead", reason: why ? `an earlier e-mail to this address bounced for good: ${why}` : "an earlier e-mail to this address bounced for good" };
  }
  const disposable = disposableDomainOf(domain);
  if (disposable) return { status: "risky", check: "disposable", reason: `${disposable} gives out throwaway addresses` };
  if (facts.domainLookupFailed) {
    return { status: "unknown", check: "lookup-failed", reason: `the DNS lookup of ${domain} failed or timed out; try again later` };
  }
  if (facts.domainRefusesMail) {
    return { status: "invalid", check: "domain-refuses-mail", reason: `the domain ${domain} states that it receives no e-mail (null MX record)` };
  }
  if (!facts.domainHasMx && !facts.domainHasA) {
    return { status: "invalid", check: "no-mail-domain", reason: `the domain ${domain} receives no e-mail (no MX or A record)` };
  }
  const role = roleOfLocalPart(localPart);
  if (role) return { status: "risky", check: "role", reason: `${role}@ is a role address, read by a team rather than a person` };
  if (facts.catchAll) {
    return { status: "risky", check: "catch-all", reason: `${domain} accepts mail for any address, so this one cannot be confirmed` };
  }
  if (facts.targetsCompanies && isFreeWebmailDomain(domain)) {
    return { status: "risky", check: "free-webmail", reason: `${domain} is a free webmail provider: a private address rather than a work one` };
  }
  const how = facts.domainHasMx ? "has mail servers (MX)" : "has no MX record but an address record (A), which receives mail";
  return { status: "valid", check: "deliverable-domain", reason: `the address is well formed and ${domain} ${how}` };
}
