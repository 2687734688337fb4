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
  /** What the last check found wrong with HTTPS on the host; null or absent when it answered. */
  httpsWarning?: string | null;
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

/**
 * The top-level domains reserved for tests and examples (RFC 2606, RFC 6761): no real owner can hold
 * a name under them, so they are the only names the sandbox's simulated DNS may verify. A sandbox
 * workspace's mailboxes may use any address, so a sandbox check of a real name would hand that name
 * to whoever typed it first.
 */
export const RESERVED_TEST_TLDS = ["example", "test", "invalid", "localhost"] as const;

/** Whether a host sits under a reserved test TLD (track.acme.test, track.acme.example). */
export function isReservedTestName(host: string): boolean {
  const labels = normalizeHost(host).split(".");
  return labels.length > 1 && (RESERVED_TEST_TLDS as readonly string[]).includes(labels.at(-1)!);
}

/** Why a sandbox workspace cannot check a real name, in plain words. */
export const SANDBOX_REAL_NAME_REASON = "The sandbox can only check names under .example or .test; connect a real mailbox to use a real domain.";

/**
 * The ownership proof of a tracking domain: a TXT record at `_herald-tracking.<host>` whose value
 * names the row's own random token. The CNAME only says the host points at Herald; the TXT says
 * which workspace's row the host's owner meant, so nobody can claim a host another installation's
 * customer pointed at Herald.
 */
export function trackingProofName(host: string): string {
  return `_herald-tracking.${normalizeHost(host)}`;
}

/** The value the proof's TXT record must hold. */
export function trackingProofValue(token: string): string {
  return `herald-tracking=${token}`;
}

/** The records a tracking domain needs at its DNS host, in the order to add them. */
export function trackingRecords(input: { host: string; token: string; target: string }): Array<{ type: "CNAME" | "TXT"; host: string; value: string }> {
  return [
    { type: "CNAME", host: normalizeHost(input.host), value: normalizeHost(input.target) },
    { type: "TXT", host: trackingProofName(input.host), value: trackingProofValue(input.token) },
  ];
}

/**
 * Whether the proof's TXT answer holds the token. `answer` is the lookup's outcome, as for the
 * CNAME: TXT records as Node returns them (each a list of chunks, joined), none, or a failed lookup.
 */
export function judgeProof(host: string, token: string, answer: { kind: "records"; records: string[][] } | { kind: "none" } | { kind: "error"; reason: string }): CnameVerdict {
  if (answer.kind === "error") return { ok: false, reason: answer.reason };
  const name = trackingProofName(host);
  const value = trackingProofValue(token);
  const record = `${name} TXT "${value}"`;
  if (answer.kind === "none") return { ok: false, reason: `${name} has no TXT record yet. Add ${record} at your DNS host: it proves the host is this workspace's.` };
  if (answer.records.some((chunks) => chunks.join("").trim() === value)) return { ok: true };
  return { ok: false, reason: `${name} does not hold this workspace's value. Add ${record} at your DNS host (a value for another workspace does not count).` };
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

/**
 * The mailbox health warning of links on a tracking host that did not answer over HTTPS at its last
 * check: new e-mails' unsubscribe links would then lead nowhere. Null when HTTPS answered, or the
 * links are on Herald's own address.
 */
export function linksWithoutHttps(tracking: MailboxTracking, domains: { override: TrackingHost | null; ofDomain: TrackingHost | null }): string | null {
  const used = tracking.source === "mailbox" ? domains.override : tracking.source === "domain" ? domains.ofDomain : null;
  if (!used?.httpsWarning) return null;
  return `Links in new e-mails point at https://${used.host}, which does not answer over HTTPS: opens, clicks and unsubscribing fail until it does. ${used.httpsWarning}`;
}

/** What a host may serve: `serves` (a tracking host ever verified), `holds` (a tracking domain row never verified), null (unknown). */
export type TrackingHostState = "serves" | "holds" | null;

/** The paths a tracking host serves: the open pixel and clicks (/t/…) and unsubscribing (/u/…). */
export function isTrackingPath(pathname: string): boolean {
  return pathname.startsWith("/t/") || pathname.startsWith("/u/");
}

/**
 * The path a request's target names once dot segments are resolved (`/t/../sign-in` is `/sign-in`),
 * as the router will see it; null when a dot segment hides behind percent-encoding (`/t/%2e%2e/`,
 * `/t/..%2fsign-in`), which no link of Herald's has and a later decoding could resolve. An encoded
 * slash or backslash elsewhere (a stored file's name) is left alone.
 */
export function requestPathname(target: string): string | null {
  const raw = (target.startsWith("/") ? target : "/").split(/[?#]/, 1)[0]!;
  if (/%2e|%2f|%5c/i.test(raw) && /(^|\/)\.{1,2}(\/|$)/.test(raw.replace(/%2e/gi, ".").replace(/%2f|%5c/gi, "/").replace(/\\/g, "/"))) return null;
  try {
    // Appended, not resolved against a base: `//evil.example/t/…` stays a path, not a host.
    return new URL(`http://herald.invalid${raw}`).pathname;
  } catch {
    return null;
  }
}

/** What /t/health answers, so that the HTTPS check tells Herald apart from another server answering on the host. */
export const TRACKING_HEALTH_BODY = "herald tracking ok";
