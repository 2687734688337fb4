// Herald's MCP server for desktop clients (Claude Desktop and the like), which start a command and
// speak MCP over its stdin and stdout: each message is passed on to Herald's own /api/mcp over
// Streamable HTTP with the API key, and each answer back. So the desktop needs only Herald's address
// and a key — no database, no copy of Herald — and every call is the endpoint's: the same tools,
// key role, rate limit, approvals and budgets. Run by scripts/mcp-stdio.ts.
import type { Readable, Writable } from "node:stream";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { mcpEndpointUrl, plainHttpWarning } from "./mcp-endpoint-url";

export interface StdioBridgeOptions {
  /** Herald's public address, e.g. https://herald.example.com. */
  heraldUrl: string;
  apiKey: string;
  /** X-Herald-Workspace: act in another workspace of the key's creator. */
  workspace?: string;
  input?: Readable;
  output?: Writable;
  /** Where the bridge reports what went wrong (never stdout: that is the protocol's). */
  log?: (message: string) => void;
}

export interface StdioBridge {
  close(): Promise<void>;
  closed: Promise<void>;
}

export async function startStdioBridge(options: StdioBridgeOptions): Promise<StdioBridge> {
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const headers: Record<string, string> = { authorization: `Bearer ${options.apiKey}` };
  if (options.workspace) headers["x-herald-workspace"] = options.workspace;
  const url = mcpEndpointUrl(options.heraldUrl);
  const warning = plainHttpWarning(url);
  if (warning) log(warning);
  const upstream = new StreamableHTTPClientTransport(url, { requestInit: { headers } });
  const local = new StdioServerTransport(options.input, options.output);
  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  let closing = false;
  const close = async () => {
    if (closing) return closed;
    closing = true;
    await Promise.allSettled([upstream.close(), local.close()]);
    resolveClosed();
  };

  local.onmessage = (message: JSONRPCMessage) => {
    upstream.send(message).catch(async (error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      log(`Herald's MCP endpoint did not answer: ${reason}`);
      // A request gets an answer whatever happens, so the desktop client does not wait forever.
      if ("id" in message && "method" in message) {
        await local.send({ jsonrpc: "2.0", id: message.id, error: { code: -32603, message: `Herald did not answer: ${reason}` } }).catch(() => undefined);
      }
    });
  };
  upstream.onmessage = (message: JSONRPCMessage) => void local.send(message).catch((error: unknown) => log(`Could not write to the client: ${String(error)}`));
  // Closing aborts the requests under way: not worth a line.
  upstream.onerror = (error) => closing || log(`Herald's MCP endpoint: ${error.message}`);
  local.onerror = (error) => closing || log(`The client's messages: ${error.message}`);
  local.onclose = () => void close();
  // The client closing its end (it quit) ends the bridge.
  (options.input ?? process.stdin).once("end", () => void close());
  await upstream.start();
  await local.start();
  return { close, closed };
}
