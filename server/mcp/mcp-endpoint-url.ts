// Where the stdio bridge (stdio-bridge.ts) finds Herald's MCP endpoint from the address a person gave:
// below its path, so that a Herald served at https://example.com/herald is reached at
// https://example.com/herald/api/mcp (new URL("/api/mcp", base) would drop the sub-path).
import { MCP_PATH } from "../http/mcp-path";

export function mcpEndpointUrl(heraldUrl: string): URL {
  const base = new URL(heraldUrl);
  base.pathname = `${base.pathname.replace(/\/+$/, "")}${MCP_PATH}`;
  base.search = "";
  base.hash = "";
  return base;
}

/** The warning for an address that would send the API key in clear over the network, or null. */
export function plainHttpWarning(url: URL): string | null {
  if (url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const loopback = host === "localhost" || host.endsWith(".localhost") || /^127\./.test(host) || host === "::1";
  if (loopback) return null;
  return `Warning: ${url.origin} is plain http to another machine, so the API key travels unencrypted; use Herald's https address.`;
}
