// Which Host a request may name (docs/security.md, "Tracking hosts"). Herald answers on the host of
// HERALD_URL as always, and on its workspaces' tracking hosts that were ever verified (track.acme.com)
// for the open pixel, clicks and unsubscribing only, whatever their status now: links already sent
// (unsubscribe links above all) keep working through a DNS hiccup or a failing re-check. On any host
// with a tracking domain row, pending or failing too, the dashboard, the API and sign-in are a plain
// 404, never a redirect, and no cookie is ever set there. A /t/ or /u/ request naming any other host
// is refused the same way, so an old or made-up CNAME cannot borrow Herald's tracking. Other paths on
// unknown hosts are left as they were (a health check by the container's name, the proxy's `ask`).
// Paths are judged with their dot segments resolved; a dot segment hidden behind percent-encoding is
// refused on any host but Herald's. The Host header is the client's to choose: it only ever selects among hosts
// Herald already knows.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { isTrackingPath, requestPathname, type TrackingHostState } from "../domain/mail/tracking-domain";
import { isLocalhostName } from "../lib/network-address";

export interface TrackingHostGateOptions {
  /** The host name of HERALD_URL, lower case, without port. */
  heraldHost: string;
  /** HERALD_TRUST_PROXY: with proxies in front, the host a proxy received is in X-Forwarded-Host. */
  trustedProxies: number;
  /**
   * What Herald knows of a host (cached per process: services/mail/tracking-domains/verified-tracking-hosts.ts):
   * `serves` (a tracking host that was ever verified), `holds` (a tracking domain row never verified) or null.
   */
  trackingHostState: (host: string) => Promise<TrackingHostState>;
}

function hostnameOf(value: string): string | null {
  const text = value.trim().toLowerCase();
  if (!text) return null;
  try {
    return new URL(`http://${text}/`).hostname.replace(/\.$/, "");
  } catch {
    return null;
  }
}

/** The host name a request was sent to: X-Forwarded-Host's entry from the outermost trusted proxy, else Host. */
export function requestHost(headers: IncomingHttpHeaders, trustedProxies: number): string | null {
  if (trustedProxies > 0) {
    const forwarded = String(headers["x-forwarded-host"] ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const entry = forwarded[Math.max(0, forwarded.length - trustedProxies)];
    if (entry) return hostnameOf(entry);
  }
  return hostnameOf(String(headers.host ?? ""));
}

function isLoopback(host: string): boolean {
  return isLocalhostName(host) || host.startsWith("127.") || host === "[::1]";
}

const NOT_FOUND_PAGE = "<!doctype html><html><head><meta charset=\"utf-8\"><title>Not found</title></head><body><p>There is nothing at this address.</p></body></html>";

/** The refusal: a plain page, no redirect, no cookie, nothing the client sent repeated. */
function refuse(response: ServerResponse): true {
  response.writeHead(404, {
    "content-type": "text/html; charset=utf-8",
    "content-length": String(Buffer.byteLength(NOT_FOUND_PAGE)),
    "cache-control": "no-store",
    "content-security-policy": "default-src 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
  });
  response.end(response.req?.method === "HEAD" ? undefined : NOT_FOUND_PAGE);
  return true;
}

/**
 * Answers a request itself (true: refused) or lets it through (false). Synchronous for Herald's own
 * host, the common case; a promise only when the host must be looked up.
 */
export function createTrackingHostGate(options: TrackingHostGateOptions) {
  const herald = options.heraldHost.toLowerCase();
  const own = (host: string) => host === herald || (isLoopback(herald) && isLoopback(host));
  return function trackingHostGate(request: IncomingMessage, response: ServerResponse): boolean | Promise<boolean> {
    const host = requestHost(request.headers, options.trustedProxies);
    if (host && own(host)) return false;
    const pathname = requestPathname(request.url ?? "/");
    if (pathname === null) return refuse(response);
    const tracking = isTrackingPath(pathname);
    if (!host) return tracking ? refuse(response) : false;
    return options.trackingHostState(host).then(
      // A tracking host serves the tracking paths only, and a held one nothing; any other host
      // serves everything but them.
      (state) => (state === "serves" ? (tracking ? false : refuse(response)) : state === "holds" ? refuse(response) : tracking ? refuse(response) : false),
      () => (tracking ? refuse(response) : false),
    );
  };
}
