// /api/mcp in Herald's process: the Node request as a web Request (as serve-api.ts gives /api/v1's
// handlers theirs), answered by the endpoint (http-endpoint.ts) and written to the socket. The
// security headers the request gate set stay on the response.
import type { IncomingMessage, ServerResponse } from "node:http";
import { webRequest } from "../http/serve-api";
import { logger } from "../lib/logger";
import { serveMcpRequest } from "./http-endpoint";

export function serveMcp(request: IncomingMessage, response: ServerResponse): void {
  serveMcpRequest(webRequest(request, true))
    .then(async (answer) => {
      const body = Buffer.from(await answer.arrayBuffer());
      if (response.headersSent || response.destroyed) return;
      const headers: Record<string, string> = {};
      answer.headers.forEach((value, name) => (headers[name] = value));
      headers["content-length"] = String(body.byteLength);
      response.writeHead(answer.status, headers).end(body);
    })
    .catch((error: unknown) => {
      logger.error("Could not answer an MCP request", { error });
      if (!response.headersSent) response.writeHead(500).end();
    });
}
