// Herald's MCP endpoint on a real loopback HTTP server routed by the process's request gate
// (/api/mcp to the MCP endpoint, /api/v1 to the API), and the official MCP client connected to it
// with an API key: what the MCP journey tests share.
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import { createRequestGate } from "../http/request-gate";
import { createApiServer } from "../http/serve-api";
import { serveMcp } from "../mcp/serve-mcp-node";
import { apiHandlersById, servedOperations } from "../openapi/registry";

export interface McpLoopback {
  endpoint: URL;
  /** The official client, connected with `Authorization: Bearer <key>`. */
  connect(key: string): Promise<Client>;
  close(): Promise<void>;
}

export async function startMcpLoopback(): Promise<McpLoopback> {
  const gate = createRequestGate({ operations: servedOperations, publicUrlIsHttps: false, dev: false, serveApi: createApiServer(apiHandlersById), serveMcp });
  const server: HttpServer = createServer((request, response) => {
    request.headers[CLIENT_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
    if (!gate(request, response)) response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const endpoint = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/mcp`);
  return {
    endpoint,
    async connect(key) {
      const client = new Client({ name: "herald-test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
      return client;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A tool result's structured content, loosely typed for tests that read deep into it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function structuredOf(result: Awaited<ReturnType<Client["callTool"]>>): Record<string, any> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (result as CallToolResult).structuredContent as Record<string, any>;
}

/** A tool result's first text. */
export function textOf(result: Awaited<ReturnType<Client["callTool"]>>): string {
  return ((result as CallToolResult).content[0] as { text?: string } | undefined)?.text ?? "";
}
