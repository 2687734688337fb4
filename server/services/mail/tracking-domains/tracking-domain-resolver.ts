// Which DNS a workspace's tracking domains are checked against, by the rule of mailbox health and
// address verification: a workspace whose mailboxes are all sandbox ones lives in the sandbox, whose
// simulated zones answer (docs/sandbox.md: every host is a CNAME of Herald, unless its name says
// otherwise), so the demo verifies offline; any other asks the real DNS (HERALD_DNS_SERVERS).
import { db } from "../../../db/client";
import { createDnsResolver, sandboxDnsResolver, type DnsResolver } from "../../../providers/dns";

export async function trackingDomainResolver(workspaceId: string): Promise<{ resolver: DnsResolver; sandbox: boolean }> {
  const real = await db.mailbox.findFirst({ where: { workspaceId, provider: { not: "sandbox" } }, select: { id: true } });
  return real ? { resolver: createDnsResolver(), sandbox: false } : { resolver: sandboxDnsResolver, sandbox: true };
}
