// One DNS question of the health checks, its three outcomes told apart: records, no record (the
// name or the type does not exist: a finding), or a failed lookup (a timeout, SERVFAIL: nothing is
// known, try again later, never reported as a missing record).
import { isNoRecordError, type DnsResolver } from "../../../providers/dns";

export type Lookup<T> = { kind: "records"; records: T[] } | { kind: "none" } | { kind: "error"; code: string };

export async function lookup<T = unknown>(resolver: DnsResolver, name: string, rrtype: string): Promise<Lookup<T>> {
  try {
    const records = (await resolver(name, rrtype)) as T[];
    return records.length ? { kind: "records", records } : { kind: "none" };
  } catch (error) {
    if (isNoRecordError(error)) return { kind: "none" };
    return { kind: "error", code: (error as { code?: string }).code ?? "failed" };
  }
}

/** The plain-words reason of a failed lookup. */
export function lookupFailed(what: string, code: string): string {
  const why = code === "ETIMEOUT" ? "the DNS server did not answer in time" : code === "ESERVFAIL" ? "the domain's DNS servers answered with a failure (SERVFAIL)" : `the lookup failed (${code})`;
  return `Could not read ${what}: ${why}. This is usually temporary; check again in a few minutes. If it keeps happening, the domain's DNS host may be down.`;
}
