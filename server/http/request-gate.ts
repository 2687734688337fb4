// The first thing every request meets in Herald's process, before Next.js: it refuses what no route
// handler should ever see and answers in the API's error shape where Next would answer with an
// HTML page, an empty body or a redirect. Cheap checks only; it reads no body.
//   - a declared body larger than the route's limit: 413 at once, before a byte of it is read;
//   - /api/v1 is routed here, once, by the API's router (api-router.ts): 404 for unknown paths and
//     trailing slashes, 400 for undecodable path segments, 405 with Allow for other methods, 204 for
//     OPTIONS; a request that names an operation goes with its path parameters to `serveApi` (the
//     operation's handler, serve-api.ts): Next never sees /api/v1;
//   - the other /api routes: 404 and 405 likewise;
//   - every other path that does not percent-decode: 400 (malformed-url.ts), where Next answers 500;
//   - security headers on every response, the Content-Security-Policy with a fresh script nonce that
//     Next.js reads from the request (see security-headers.ts); stored files get their own sandbox.
import type { IncomingMessage, ServerResponse } from "node:http";
import { HeraldError, toErrorBody } from "../lib/errors";
import { bodyLimitFor, MAIL_PROVIDER_WEBHOOK_PATH, payloadTooLarge } from "./body-limits";
import { answerMalformedPath, pathDecodes } from "./malformed-url";
import { API_PREFIX, createApiRouter, methodNotAllowed as methodNotAllowedError, type RoutedOperation } from "./api-router";
import { createNonce, securityHeaders } from "./security-headers";
import { isStoredFilePath, STORED_FILE_HEADERS } from "./stored-file-policy";
import { MCP_PATH } from "./mcp-path";

const STANDARD_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Herald's /api routes outside the public API, with the methods their handlers export. */
const INTERNAL_API_ROUTES: ReadonlyArray<{ matches: (path: string) => boolean; methods: string[] }> = [
  { matches: (path) => path.startsWith("/api/trpc/"), methods: ["GET", "POST"] },
  { matches: (path) => path.startsWith("/api/auth/"), methods: ["GET", "POST"] },
  { matches: (path) => path === "/api/inngest", methods: ["GET", "POST", "PUT"] },
  { matches: (path) => path === "/api/health", methods: ["GET", "HEAD"] },
  // Herald's MCP server, stateless Streamable HTTP (server/mcp/http-endpoint.ts, docs/mcp.md).
  { matches: (path) => path === MCP_PATH, methods: ["POST"] },
  { matches: (path) => path === "/api/providers/unipile/webhook", methods: ["POST"] },
  { matches: (path) => path === "/api/billing/stripe/webhook", methods: ["POST"] },
  // E-mail API providers' webhooks, one address per mailbox (docs/email-api-providers.md).
  { matches: (path) => MAIL_PROVIDER_WEBHOOK_PATH.test(path), methods: ["POST"] },
  // The Sandbox's built-in webhook receiver (answers 404 where the sandbox is off).
  { matches: (path) => /^\/api\/sandbox\/webhook-receiver\/[^/]+$/.test(path), methods: ["POST"] },
  { matches: (path) => path === "/api/oauth/mailbox/callback", methods: ["GET"] },
  // Where HubSpot, Pipedrive and Salesforce send the browser back after "Connect" (docs/crm-sync.md).
  { matches: (path) => path === "/api/oauth/crm/callback", methods: ["GET"] },
  // The reverse proxy's question before it gets a certificate for a host (docs/email-tracking.md).
  { matches: (path) => path === "/api/tracking-domains/tls-ask", methods: ["GET"] },
  // Stored files at signed addresses: audio players ask HEAD and ranges, without a session.
  { matches: isStoredFilePath, methods: ["GET", "HEAD"] },
];

export interface RequestGateOptions<Op extends RoutedOperation> {
  /** The public API's operations (server/openapi/registry.ts in the process). */
  operations: readonly Op[];
  /**
   * Answers a request the router matched to one of `operations`, with its decoded path parameters.
   * Without it, such a request is let through (the gate's own tests stand a stub server behind it).
   */
  serveApi?: (request: IncomingMessage, response: ServerResponse, operation: Op, params: Record<string, string>) => void;
  /** Answers a request to /api/mcp (server/mcp/serve-mcp-node.ts); without it, such a request is let through. */
  serveMcp?: (request: IncomingMessage, response: ServerResponse) => void;
  /** Whether the public address is https (HERALD_URL): HSTS is sent then, or when a proxy says so. */
  publicUrlIsHttps: boolean;
  /** Next's development server needs eval and a websocket for hot reloading. */
  dev: boolean;
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): true {
  const text = body === undefined ? "" : JSON.stringify(body);
  response.writeHead(status, {
    ...headers,
    ...(text ? { "content-type": "application/json; charset=utf-8", "content-length": String(Buffer.byteLength(text)) } : {}),
  });
  response.end(response.req?.method === "HEAD" ? undefined : text);
  return true;
}

function sendError(response: ServerResponse, error: HeraldError, headers: Record<string, string> = {}): true {
  const { status, body } = toErrorBody(error);
  return send(response, status, body, headers);
}

/** A `.` or `..` segment, percent-encoded or not. */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:\/|$)/i;

function searchOf(url: string): string {
  const start = url.indexOf("?");
  if (start === -1) return "";
  const end = url.indexOf("#", start);
  return end === -1 ? url.slice(start) : url.slice(start, end);
}

function pathnameOf(url: string): string {
  const path = url.startsWith("/") ? url : (() => {
    try {
      return new URL(url).pathname;
    } catch {
      return "/";
    }
  })();
  return path.split(/[?#]/, 1)[0]!;
}

/**
 * The path as the router will see it, dot segments resolved (`%2e` included): a raw client's
 * `/api/trpc/../files/<key>` reaches a stored file although it does not start like one.
 */
function resolvedPath(pathname: string): string {
  try {
    return new URL(`http://gate.invalid${pathname}`).pathname;
  } catch {
    return pathname;
  }
}

function methodNotAllowed(response: ServerResponse, method: string, pathname: string, allowed: string[]): true {
  return sendError(response, methodNotAllowedError(method, pathname, allowed), { allow: allowed.join(", ") });
}

function notFound(response: ServerResponse, method: string, pathname: string, hint = "See /api/v1/openapi.json."): true {
  return sendError(response, new HeraldError({ code: "not-found", message: `No endpoint ${method} ${pathname}. ${hint}` }));
}

function checkInternalApi(response: ServerResponse, method: string, pathname: string): boolean {
  const route = INTERNAL_API_ROUTES.find((candidate) => candidate.matches(pathname));
  if (!route) return notFound(response, method, pathname, "");
  if (method === "OPTIONS") return send(response, 204, undefined, { allow: [...route.methods, "OPTIONS"].join(", ") });
  if (!route.methods.includes(method)) return methodNotAllowed(response, method, pathname, route.methods);
  return false;
}

/** Returns a function that answers the request itself (true) or lets it through to Next (false). */
export function createRequestGate<Op extends RoutedOperation>(options: RequestGateOptions<Op>) {
  const routeApiRequest = createApiRouter(options.operations);
  return function gate(request: IncomingMessage, response: ServerResponse): boolean {
    const pathname = pathnameOf(request.url ?? "/");
    const forwardedProto = String(request.headers["x-forwarded-proto"] ?? "").split(",")[0]!.trim().toLowerCase();
    const https = options.publicUrlIsHttps || forwardedProto === "https";
    const headers = securityHeaders({ https, dev: options.dev, nonce: createNonce() });
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    // Next.js takes the nonce for its scripts from the request's policy: always Herald's own, never a
    // policy the client sent (whose nonce it would know).
    request.headers["content-security-policy"] = headers["content-security-policy"];
    delete request.headers["content-security-policy-report-only"];
    // A stored file gets its own sandboxing policy instead of the dashboard's: Next keeps a header
    // set here over the route's, and a file's bytes must never run as a page of Herald's.
    if (isStoredFilePath(pathname) || isStoredFilePath(resolvedPath(pathname))) for (const [name, value] of Object.entries(STORED_FILE_HEADERS)) response.setHeader(name, value);

    const method = (request.method ?? "GET").toUpperCase();
    const limit = bodyLimitFor(pathname);
    const declared = Number(request.headers["content-length"] ?? 0);
    if (declared > limit) {
      // The body stays unread: closing the connection after the answer discards it.
      return sendError(response, payloadTooLarge(limit), { connection: "close" });
    }

    const publicApi = pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
    const api = pathname === "/api" || pathname.startsWith("/api/");
    // The public API's own check below names the path parameter that does not decode.
    if (!publicApi && !pathDecodes(pathname)) return answerMalformedPath(response, api);
    if (publicApi) {
      // Dot segments (`/campaigns/..`, `%2e%2e`) are resolved by a redirect to the path they name, as
      // Next's router did; browsers and HTTP libraries resolve them before sending, raw clients do not.
      if (DOT_SEGMENT.test(pathname)) {
        // Without a trailing slash, as Next redirected (`/api/v1/campaigns/..` → `/api/v1`). Only to a
        // path inside the API: `/api/v1/../..//evil.com` resolves to `//evil.com`, which a browser
        // would follow to another host (an open redirect), so a path that leaves /api/v1 is a 404.
        const resolved = resolvedPath(pathname).replace(/(.)\/+$/, "$1");
        if (resolved !== API_PREFIX && !resolved.startsWith(`${API_PREFIX}/`)) return notFound(response, method, pathname);
        if (resolved !== pathname) return send(response, 308, undefined, { location: `${resolved}${searchOf(request.url ?? "")}` });
      }
      const routing = routeApiRequest(method, pathname);
      if (routing.kind === "error") return sendError(response, routing.error, routing.allow ? { allow: routing.allow } : {});
      if (routing.kind === "answer") return send(response, routing.status, undefined, { allow: routing.allow });
      if (!options.serveApi) return false;
      options.serveApi(request, response, routing.operation, routing.params);
      return true;
    }
    if (api) {
      if (checkInternalApi(response, method, pathname)) return true;
      if (pathname === MCP_PATH && options.serveMcp) {
        options.serveMcp(request, response);
        return true;
      }
      return false;
    }
    if (!STANDARD_METHODS.has(method)) return methodNotAllowed(response, method, pathname, ["GET", "HEAD", "POST"]);
    return false;
  };
}
