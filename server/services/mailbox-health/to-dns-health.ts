// The stored DNS health (Mailbox.dnsHealth, written by check-dns-health.ts) as the API shows it;
// a stored value of an older shape reads as not checked rather than failing the mailbox.
import { ZDnsHealth, type TDnsHealth } from "../../schemas/mailbox-health";

export function readDnsHealth(value: unknown): TDnsHealth | null {
  if (value === null || value === undefined) return null;
  const parsed = ZDnsHealth.safeParse(value);
  return parsed.success ? parsed.data : null;
}
