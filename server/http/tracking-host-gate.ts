// Which Host a request may name (docs/security.md, "Tracking hosts"). Herald answers on the host of
// HERALD_URL as always, and on its workspaces' verified tracking hosts (track.acme.com) for the open
// pixel, clicks and unsubscribing only: on such a host the dashboard, the API and sign-in are a plain
// 404, never a redirect, and no cookie is ever set there. A /t/ or /u/ request naming any other host
// is refused the same way, so an old or made-up CNAME cannot borrow Herald's tracking. Other paths on
// unknown hosts are left as they were (a health check by the container's name, the proxy's `ask`).
// The Host header is the client's to choose: it only ever selects among hosts Herald already knows.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { isTrackingPath } from "../domain/mail/tracking-domain";
import { isLocalhostName } from "../lib/network-address";

export interface TrackingHostGateOptions {
  /** The host name of HERALD_URL, lower case, without port. */
  heraldHost: string;
  /** HERALD_TRUST_PROXY: with proxies in front, the host a proxy received is in X-Forwarded-Host. */
  trustedProxies: number;
  /** Whether a host is a verified tracking host (cached per process: services/mail/tracking-domains/verified-tracking-hosts.ts). */
  isVerifiedTrackingHost: (host: string) => Promise<boolean>;
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

function pathnameOf(url: string): string {
  return (url.startsWith("/") ? url : "/").split(/[?#]/, 1)[0]!;
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
    const tracking = isTrackingPath(pathnameOf(request.url ?? "/"));
    if (!host) return tracking ? refuse(response) : false;
    return options.isVerifiedTrackingHost(host).then(
      // A verified host serves the tracking paths only; any other host serves everything but them.
      (verified) => (verified === tracking ? false : refuse(response)),
      () => (tracking ? refuse(response) : false),
    );
  };
}
