// Tracking domains (docs/email-tracking.md, "Tracking domains"): a host of the workspace's own
// domain, such as track.acme.com, that answers Herald's open, click and unsubscribe links through a
// CNAME to Herald, so a campaign e-mail's links sit on the sender's domain rather than Herald's. The
// rules the composer, the checks, the API and the mailbox health share. Pure and isomorphic.
import { getDomain } from "tldts";

export type TrackingDomainStatus = "pending" | "verified" | "failing";

/** A tracking domain as the rules need it. */
export interface TrackingHost {
  host: string;
  status: TrackingDomainStatus | string;
}

/** A host as the user typed it, in the one form Herald stores and compares: lower case, no trailing dot. */
export function normalizeHost(value: string): string {
  return value.trim().toLowerCase().replace(/\.$/, "");
}

/** The domain part of an e-mail address, lower case. */
export function domainOfAddress(address: string): string {
  return normalizeHost(address.slice(address.lastIndexOf("@") + 1));
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

function isIpLiteral(host: string): boolean {
  return host.includes(":") || host.startsWith("[") || /^[0-9.]+$/.test(host) || /^0x[0-9a-f]+$/i.test(host);
}

export interface TrackingHostProblem {
  field: "host" | "domain";
  message: string;
}

/**
 * What is wrong with a host a workspace wants to add for a sending domain, in plain words, or
 * null when it may be added. Whether another workspace holds the host is the service's question.
 */
export function trackingHostProblem(input: { host: string; domain: string; heraldHost: string; sendingDomains: readonly string[] }): TrackingHostProblem | null {
  const host = normalizeHost(input.host);
  const domain = normalizeHost(input.domain);
  const example = domain ? `track.${domain}` : "track.acme.com";
  if (!host) return { field: "host", message: `Enter the host your links should use, such as ${example}.` };
  if (isIpLiteral(host)) return { field: "host", message: `The host must be a name such as ${example}, not an IP address.` };
  if (host.length > 253 || !host.split(".").every((label) => LABEL.test(label))) {
    return { field: "host", message: `"${input.host.trim()}" is not a host name: use letters, digits and hyphens between dots, such as ${example}.` };
  }
  if (!domain) return { field: "domain", message: "Choose the sending domain whose mailboxes use this host." };
  if (!input.sendingDomains.map(normalizeHost).includes(domain)) {
    return { field: "domain", message: `No mailbox of this workspace sends from ${domain}: connect a mailbox on it first.` };
  }
  if (host === normalizeHost(input.heraldHost)) return { field: "host", message: `${host} is Herald's own address; choose a host on your sending domain, such as ${example}.` };
  if (host === domain) return { field: "host", message: `Use a subdomain of ${domain}, such as ${example}: the domain itself serves your website and mail.` };
  if (!host.endsWith(`.${domain}`)) return { field: "host", message: `The host must be on ${domain}, such as ${example}: links on another domain would not match your e-mails' sender.` };
  return null;
}

/** The CNAME target a tracking host must point at: HERALD_TRACKING_CNAME_TARGET, else the host of HERALD_URL. */
export function cnameTarget(input: { heraldUrl: string; configuredTarget?: string | null }): string {
  return normalizeHost(input.configuredTarget || new URL(input.heraldUrl).hostname);
}

/** The verdict of a tracking host's CNAME lookup. */
export type CnameVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Whether the host's CNAME answer points at the target. `answer` is the lookup's outcome: the
 * targets found, none (no CNAME), or a failed lookup (timeout, SERVFAIL) with its plain words.
 */
export function judgeCname(host: string, target: string, answer: { kind: "records"; records: string[] } | { kind: "none" } | { kind: "error"; reason: string }): CnameVerdict {
  if (answer.kind === "error") return { ok: false, reason: answer.reason };
  const record = `${host} CNAME ${target}`;
  if (answer.kind === "none") return { ok: false, reason: `${host} has no CNAME record yet. Add ${record} at your DNS host; changes can take up to an hour to show.` };
  const found = answer.records.map(normalizeHost);
  if (found.includes(normalizeHost(target))) return { ok: true };
  return { ok: false, reason: `${host} points at ${found.join(", ")}, not at Herald. Change the record to ${record}.` };
}

/** Which tracking domain a mailbox's links use, and where the choice came from. */
export interface MailboxTracking {
  /** The host the links use (HERALD_URL's when no tracking domain is verified). */
  host: string;
  /** `mailbox`: its own override; `domain`: its sending domain's tracking domain; `herald`: HERALD_URL. */
  source: "mailbox" | "domain" | "herald";
}

/**
 * The rule of which host a mailbox's open pixel, click and unsubscribe links use: the mailbox's
 * own pick when verified, else its sending domain's tracking domain when verified, else Herald's
 * address. A tracking domain that is pending or failing is never used: its links would not answer.
 */
export function mailboxTracking(input: { heraldUrl: string; override: TrackingHost | null; ofDomain: TrackingHost | null }): MailboxTracking {
  if (input.override?.status === "verified") return { host: input.override.host, source: "mailbox" };
  if (input.ofDomain?.status === "verified") return { host: input.ofDomain.host, source: "domain" };
  return { host: new URL(input.heraldUrl).host, source: "herald" };
}

/** The base address of a mailbox's tracking links: `https://<tracking host>`, or HERALD_URL. */
export function trackingBaseUrl(input: { heraldUrl: string; override: TrackingHost | null; ofDomain: TrackingHost | null }): string {
  const tracking = mailboxTracking(input);
  return tracking.source === "herald" ? input.heraldUrl.replace(/\/$/, "") : `https://${tracking.host}`;
}

/** The registrable domain of a host (acme.co.uk for track.acme.co.uk), or the host itself when it has none. */
export function registrableDomain(host: string): string {
  const name = normalizeHost(host).replace(/:\d+$/, "");
  return getDomain(name, { allowPrivateDomains: true }) ?? name;
}

/**
 * The warning of a mailbox whose links point at a host on another domain than its address (links
 * on herald.example.com in mail from acme.com: spam filters read a mismatch), with the fix in
 * words; null when the links are on the mailbox's own domain.
 */
export function linksOnOtherDomain(mailboxEmail: string, linkHost: string): string | null {
  const domain = domainOfAddress(mailboxEmail);
  const host = normalizeHost(linkHost).replace(/:\d+$/, "");
  // A Herald on loopback (a laptop, the tests) sends links nobody outside can follow anyway.
  if (host === "localhost" || host.endsWith(".localhost") || host.startsWith("127.") || host === "[::1]") return null;
  if (!domain || registrableDomain(host) === registrableDomain(domain)) return null;
  return `This mailbox's tracking links point at ${host}, which is not on ${domain}: spam filters trust links on the sender's own domain more. Add a tracking domain such as track.${domain}.`;
}

/** The paths a tracking host serves: the open pixel and clicks (/t/…) and unsubscribing (/u/…). */
export function isTrackingPath(pathname: string): boolean {
  return pathname.startsWith("/t/") || pathname.startsWith("/u/");
}

/** What /t/health answers, so that the HTTPS check tells Herald apart from another server answering on the host. */
export const TRACKING_HEALTH_BODY = "herald tracking ok";
