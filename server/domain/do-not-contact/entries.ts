// The do-not-contact list's rules (issue 37): what an entry's value becomes once normalized, the hash
// a person is matched by, and the keys a lead is looked up under. A person is refused when any of
// their keys (address, the address's domain, LinkedIn profile, company) has an entry. Entries are
// matched by hash, so an erased person's entry, which keeps only the hash, still refuses them. Pure.
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { publicIdentifierFrom } from "../../lib/linkedin-url";
import { KIND_WORDS } from "./words";

export const DO_NOT_CONTACT_KINDS = ["email", "domain", "linkedin", "company"] as const;
export type DoNotContactKind = (typeof DO_NOT_CONTACT_KINDS)[number];

/** Why an entry is on the list: Herald's own feeds, a person's hand, or an erasure. */
export const DO_NOT_CONTACT_REASONS = ["unsubscribed", "complaint", "bounce", "manual", "csv", "api", "erased", "crm"] as const;
export type DoNotContactReason = (typeof DO_NOT_CONTACT_REASONS)[number];

/** The kind in words (words.ts, which the browser imports too). */
export { KIND_WORDS } from "./words";

/** A host name in its ASCII (punycode) form, as the WHATWG URL parser gives it in Node and the browser alike; "" when it is none. */
function domainToASCII(text: string): string {
  if (/^[\x00-\x7f]*$/.test(text)) return text;
  try {
    return new URL(`http://${text}`).hostname;
  } catch {
    return "";
  }
}

const DOMAIN = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** A domain in its ASCII form, lower-cased, without a leading "@" or "www." or a URL around it; null when it is none. */
export function normalizeDomain(raw: string): string | null {
  let text = raw.trim().toLowerCase().replace(/^@/, "");
  text = text.replace(/^[a-z]+:\/\//, "").replace(/[/?#].*$/, "").replace(/\.$/, "").replace(/^www\./, "");
  const ascii = domainToASCII(text);
  return ascii && DOMAIN.test(ascii) ? ascii : null;
}

/** An address trimmed and lower-cased, its domain in ASCII; null without a local part and a domain. */
export function normalizeAddress(raw: string): string | null {
  const text = raw.trim().toLowerCase();
  const at = text.lastIndexOf("@");
  if (at <= 0 || /\s/.test(text)) return null;
  const domain = normalizeDomain(text.slice(at + 1));
  return domain && !text.slice(at + 1).startsWith("@") ? `${text.slice(0, at)}@${domain}` : null;
}

/** A company name as it is compared: trimmed, inner spaces collapsed, lower-cased. */
export function normalizeCompany(raw: string): string | null {
  const text = raw.trim().replace(/\s+/g, " ").toLowerCase();
  return text.length >= 1 && text.length <= 200 ? text : null;
}

/** An entry's value in the form it is stored and matched in, or null when the value is not of its kind. */
export function normalizeEntryValue(kind: DoNotContactKind, raw: string): string | null {
  switch (kind) {
    case "email":
      return normalizeAddress(raw);
    case "domain":
      return normalizeDomain(raw);
    case "linkedin":
      return publicIdentifierFrom(raw);
    case "company":
      return normalizeCompany(raw);
  }
}

/** What an entry is matched by: hex SHA-256 of `kind:value` (the value normalized). */
export function entryHash(kind: DoNotContactKind, value: string): string {
  return bytesToHex(sha256(utf8ToBytes(`${kind}:${value}`)));
}

export interface PersonKey {
  kind: DoNotContactKind;
  value: string;
  hash: string;
}

/** The facts of a lead that the list can name. */
export interface ListablePerson {
  email?: string | null;
  publicIdentifier?: string | null;
  profileUrl?: string | null;
  company?: string | null;
}

/** The keys a person is looked up under: the address and its domain, the LinkedIn profile, the company. */
export function personKeys(person: ListablePerson): PersonKey[] {
  const keys: PersonKey[] = [];
  const add = (kind: DoNotContactKind, value: string | null) => {
    if (value && !keys.some((key) => key.kind === kind && key.value === value)) keys.push({ kind, value, hash: entryHash(kind, value) });
  };
  const address = person.email ? normalizeAddress(person.email) : null;
  add("email", address);
  add("domain", address ? address.slice(address.lastIndexOf("@") + 1) : null);
  const profile = person.publicIdentifier ?? person.profileUrl;
  add("linkedin", profile ? publicIdentifierFrom(profile) : null);
  add("company", person.company ? normalizeCompany(person.company) : null);
  return keys;
}

/** The entry that refuses a person, as the lead's journal and page show it. */
export interface DoNotContactMatch {
  kind: DoNotContactKind;
  /** The listed value (null for an erased person's entry). */
  value: string | null;
}

/** Why a step was refused, in plain words: "acme.com (a domain) is on the do-not-contact list…". */
export function doNotContactRefusal(match: DoNotContactMatch): string {
  if (!match.value) return "This person was erased on request and is on the do-not-contact list: Herald takes no step towards them";
  return `The ${KIND_WORDS[match.kind]} ${match.value} is on the do-not-contact list: Herald takes no step towards this person`;
}
