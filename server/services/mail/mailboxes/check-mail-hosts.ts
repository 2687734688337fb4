// The check a password mailbox's servers pass before Herald connects to them at all (connect, "Test
// connection", over the API, tRPC and the dashboard): unless the installation allows private mail
// hosts, each host must be, and resolve only to, public addresses — the webhooks' rule
// (server/lib/public-target.ts). Refusing here, before any connection, means neither the answer
// nor its timing says anything about what listens behind a private address. Each later connection
// checks again against the DNS answer it uses (mail-host-guard.ts), so a name re-pointed after
// this check is refused then.
import { lookup as dnsLookup } from "node:dns";
import { allowPrivateMailHosts } from "../../../env";
import { HeraldError, type FieldIssue } from "../../../lib/errors";
import { isIpLiteral } from "../../../lib/network-address";
import { normalizedHost, refusedAddressReason, type Resolve } from "../../../lib/public-target";
import { PRIVATE_MAIL_HOSTS_NOTE, refusedMailHostReason } from "../../../providers/mail/smtp/mail-host-guard";
import type { MailboxServerSettings } from "../../../providers/mail/types";

/** How long the check waits for DNS: an offline resolver must not hold the connect form. */
const RESOLVE_TIMEOUT_MS = 3_000;

/** Every address `hostname` resolves to, or null when it does not resolve in time. */
function resolveAll(hostname: string, resolve: Resolve): Promise<string[] | null> {
  return new Promise((settle) => {
    const timer = setTimeout(() => settle(null), RESOLVE_TIMEOUT_MS);
    resolve(hostname, { all: true, verbatim: true }, (error, addresses) => {
      clearTimeout(timer);
      settle(error ? null : addresses.map((entry) => entry.address));
    });
  });
}

async function refusal(host: string, resolve: Resolve): Promise<string | null> {
  const reason = refusedMailHostReason(host);
  const hostname = normalizedHost(host);
  if (reason || hostname === null || isIpLiteral(hostname)) return reason;
  // A name that does not resolve now is left to the connection check, which says so in its words.
  const addresses = await resolveAll(hostname, resolve);
  return addresses?.map((address) => refusedAddressReason(hostname, address)).find(Boolean) ?? null;
}

/**
 * Refuses (400, naming `smtp.host` / `imap.host`) a host that is not a host name or IP address (a
 * typed port or address: whatever the installation allows), and servers at addresses that are not
 * public.
 */
export async function checkMailHosts(settings: MailboxServerSettings, resolve: Resolve = dnsLookup): Promise<void> {
  const privateAllowed = allowPrivateMailHosts();
  let policyRefusal = false;
  const found = await Promise.all(
    (["smtp", "imap"] as const).map(async (protocol): Promise<FieldIssue | null> => {
      const host = settings[protocol].host;
      if (normalizedHost(host) === null) {
        return { field: `${protocol}.host`, message: `must be a host name or IP address alone, such as ${protocol}.example.com (the port goes in ${protocol}.port); "${host}" is not` };
      }
      if (privateAllowed) return null;
      const reason = await refusal(host, resolve);
      if (!reason) return null;
      policyRefusal = true;
      return { field: `${protocol}.host`, message: `must be a mail server at a public address: ${reason}` };
    }),
  );
  const issues = found.filter((issue): issue is FieldIssue => issue !== null);
  if (issues.length === 0) return;
  const message = `${issues.map((issue) => `Invalid ${issue.field}: ${issue.message}.`).join(" ")}${policyRefusal ? ` ${PRIVATE_MAIL_HOSTS_NOTE}` : ""}`;
  throw new HeraldError({ code: "invalid-input", message, details: { field: issues[0]!.field, fields: issues } });
}
