// Which DNS a mailbox's checks ask: the sandbox's simulated zones for a sandbox mailbox (its domain
// is made up, and its mail never leaves Herald), the real DNS (HERALD_DNS_SERVERS) for the others.
import { createDnsResolver, type DnsResolver } from "./resolver";
import { sandboxDnsResolver } from "./sandbox-resolver";

export { configuredDnsServers, createDnsResolver, DNS_TIMEOUT_MS, isNoRecordError, type DnsRecords, type DnsResolver } from "./resolver";
export {
  LISTED_SENDING_IP,
  SANDBOX_DKIM_PUBLIC_KEY,
  SANDBOX_DKIM_SELECTOR,
  SANDBOX_DNS_WORDS,
  SANDBOX_MX_HOSTS,
  SANDBOX_SENDING_IP,
  SANDBOX_SENDING_NETWORK,
  SANDBOX_SPF_INCLUDE,
  sandboxDnsResolver,
  sandboxDnsWords,
  type SandboxDnsWord,
} from "./sandbox-resolver";

export function resolverForMailbox(mailbox: { provider: string }): DnsResolver {
  return mailbox.provider === "sandbox" ? sandboxDnsResolver : createDnsResolver();
}
