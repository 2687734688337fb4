// Where Herald may open a mailbox's SMTP or IMAP connection: the webhooks' public-address rule
// (server/lib/public-target.ts) at every connection, so neither a member who types a host nor a
// name re-pointed at an internal address after the check (DNS rebinding) makes Herald talk to the
// network it runs in. A refused host is refused before any connection is tried, so how long the
// answer takes says nothing about the ports behind it.
import type { LookupFunction } from "node:net";
import { allowPrivateMailHosts } from "../../../env";
import { normalizedHost, publicOnlyLookup, RefusedTargetError, refusedHostReason, type Resolve } from "../../../lib/public-target";
import { MailProviderError, type MailServerSettings } from "../types";

export const PRIVATE_MAIL_HOSTS_NOTE = "This installation connects only to mail servers at public addresses (an administrator can allow private ones with HERALD_ALLOW_PRIVATE_MAIL_HOSTS).";

export interface MailHostGuardOptions {
  /** The installation's own servers (seed inboxes its administrator configured), not a member's. */
  anyAddress?: boolean;
  /** How names are resolved (tests inject answers; default: the system's resolver). */
  resolve?: Resolve;
}

/** Why a mail host is refused without asking DNS, or null when it is public or a name to resolve. */
export function refusedMailHostReason(host: string): string | null {
  const hostname = normalizedHost(host);
  if (hostname === null) return `${host} is not a host name or IP address`;
  return refusedHostReason(hostname);
}

/**
 * What a connection to `settings.host` needs to stay on public addresses: nothing when the
 * installation allows private hosts, else the lookup the socket must connect through (every address
 * of the name checked, the socket given only checked ones). Throws the refusal for an IP literal or
 * a localhost name, which no lookup would see.
 */
export function mailConnectionGuard(protocol: "smtp" | "imap", settings: MailServerSettings, options: MailHostGuardOptions = {}): { lookup?: LookupFunction } {
  if (options.anyAddress || allowPrivateMailHosts()) return {};
  const reason = refusedMailHostReason(settings.host);
  if (reason) throw refusedMailHost(protocol, settings, new RefusedTargetError(reason));
  return { lookup: publicOnlyLookup(options.resolve) };
}

/** The error a refused mail host becomes: the field at fault, in plain words, never retried. */
export function refusedMailHost(protocol: "smtp" | "imap", settings: MailServerSettings, cause: RefusedTargetError): MailProviderError {
  return new MailProviderError("host-unreachable", `Herald does not connect to the ${protocol.toUpperCase()} server ${settings.host}: ${cause.message}. ${PRIVATE_MAIL_HOSTS_NOTE}`, {
    field: `${protocol}.host`,
    retryable: false,
    cause,
  });
}

/**
 * Whether a mail error is this rule's refusal: the mailbox's settings, not the network, are at
 * fault, so reading and sending put the mailbox in error (reconnect it with a public host) rather
 * than trying again every minute.
 */
export function isRefusedMailHost(error: unknown): error is MailProviderError {
  return error instanceof MailProviderError && error.cause instanceof RefusedTargetError;
}
