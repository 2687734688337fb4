// The installation's verified tracking hosts, kept per process for a few seconds: every open pixel
// and click on a tracking host asks whether its Host is one (server/http/tracking-host-gate.ts), and
// that must not cost a query per request. One query loads the whole set, so a flood of made-up
// Host headers is answered from memory too. A check that changes a host's status drops the set.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";

/** How long the set is kept: a newly verified host answers within this, a removed one stops within it. */
export const VERIFIED_HOSTS_TTL_MS = 30_000;

let cached: { hosts: Set<string>; loadedAt: number } | null = null;
let loading: Promise<Set<string>> | null = null;

async function load(): Promise<Set<string>> {
  const rows = await db.trackingDomain.findMany({ where: { status: "verified" }, select: { host: true } });
  return new Set(rows.map((row) => row.host));
}

/** The verified tracking hosts (lower case), from the process's copy when it is fresh. */
export async function verifiedTrackingHosts(): Promise<Set<string>> {
  const at = now().getTime();
  if (cached && at - cached.loadedAt < VERIFIED_HOSTS_TTL_MS && at >= cached.loadedAt) return cached.hosts;
  // Concurrent requests share one query.
  loading ??= load()
    .then((hosts) => {
      cached = { hosts, loadedAt: now().getTime() };
      return hosts;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Whether `host` (a Host header's name, without port) is a verified tracking host. */
export async function isVerifiedTrackingHost(host: string): Promise<boolean> {
  return (await verifiedTrackingHosts()).has(host.toLowerCase().replace(/\.$/, ""));
}

/** Drops the process's copy (after a check or a removal changed a host's status). */
export function forgetVerifiedTrackingHosts(): void {
  cached = null;
}
