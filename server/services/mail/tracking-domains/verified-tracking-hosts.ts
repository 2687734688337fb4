// The installation's tracking hosts, kept per process for a few seconds: every open pixel and click
// on a tracking host asks what its Host is (server/http/tracking-host-gate.ts), and that must not
// cost a query per request. One query loads the whole set, so a flood of made-up Host headers is
// answered from memory too. A check or a removal that changes a host drops the set.
//
// A host that was ever verified (verifiedAt set) keeps serving its tracking links whatever its status
// now: links already sent, unsubscribe links above all, must keep working through a DNS failure, a
// changed HERALD_TRACKING_CNAME_TARGET or a failing re-check. Only the composer asks for a host that
// is verified now (domain/mail/tracking-domain.ts, mailboxTracking). A host never verified serves
// nothing, but its row still keeps the dashboard and sign-in off it.
import { db } from "../../../db/client";
import type { TrackingHostState } from "../../../domain/mail/tracking-domain";
import { now } from "../../../lib/clock";

/** How long the set is kept: a newly verified host answers within this, a removed one stops within it. */
export const VERIFIED_HOSTS_TTL_MS = 30_000;

let cached: { hosts: Map<string, TrackingHostState>; loadedAt: number } | null = null;
let loading: Promise<Map<string, TrackingHostState>> | null = null;

async function load(): Promise<Map<string, TrackingHostState>> {
  const rows = await db.trackingDomain.findMany({ select: { host: true, verifiedAt: true } });
  return new Map(rows.map((row) => [row.host, row.verifiedAt ? "serves" : "holds"]));
}

/** Every tracking host (lower case) with what it may serve, from the process's copy when it is fresh. */
async function trackingHosts(): Promise<Map<string, TrackingHostState>> {
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

/** What `host` (a Host header's name, without port) may serve: `serves` (ever verified), `holds` (a row never verified) or null. */
export async function trackingHostState(host: string): Promise<TrackingHostState> {
  return (await trackingHosts()).get(host.toLowerCase().replace(/\.$/, "")) ?? null;
}

/** Whether `host` serves tracking links: a tracking host that was ever verified and still exists. */
export async function isServingTrackingHost(host: string): Promise<boolean> {
  return (await trackingHostState(host)) === "serves";
}

/** Drops the process's copy (after a check or a removal changed a host). */
export function forgetVerifiedTrackingHosts(): void {
  cached = null;
}
