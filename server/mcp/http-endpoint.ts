// POST /api/mcp – Herald's MCP server over Streamable HTTP (docs/mcp.md). Stateless: every POST is
// answered on its own by a server made for the key that sent it (no session id, no server-sent
// stream to resume; GET and DELETE answer 405). Authenticated with an API key like /api/v1
// (Authorization: Bearer; 401 with WWW-Authenticate otherwise), counted against the key's
// per-minute limit, the body read within the route's limit (body-limits.ts). Served by the process's
// request gate (server/http/request-gate.ts) before Next.js, on Herald's own host only.
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { env, publicUrl } from "../env";
import { WORKSPACE_HEADER } from "../http/api-handler";
import { requestClientAddress } from "../http/client-address";
import { readBoundedBody } from "../http/read-bounded-body";
import { now } from "../lib/clock";
import { HeraldError, toErrorBody } from "../lib/errors";
import { logger } from "../lib/logger";
import { authenticateApiKey, resolveApiActor } from "../services/api-keys/authenticate-api-key";
import { markAgentKey } from "../services/api-keys/mark-agent-key";
import { consumeApiRequest } from "../services/rate-limits/consume-api-request";
import { createHeraldMcpServer } from "./herald-mcp-server";
import { MCP_PATH } from "../http/mcp-path";


function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", ...headers } });
}

function errorAnswer(error: unknown): Response {
  const { status, body, retryAfterSeconds } = toErrorBody(error);
  const headers: Record<string, string> = {};
  if (status === 401) headers["www-authenticate"] = `Bearer realm="Herald", error="invalid_token", error_description="Send Authorization: Bearer <Herald API key>"`;
  if (retryAfterSeconds !== undefined) headers["retry-after"] = String(retryAfterSeconds);
  if (status >= 500) logger.error("MCP request failed", { error });
  return jsonAnswer(status, body, headers);
}

function publicOrigin(): string {
  return new URL(publicUrl()).origin;
}

function originAllowed(origin: string): boolean {
  try {
    return new URL(origin).origin === publicOrigin();
  } catch {
    return false;
  }
}

/** Answers one request to /api/mcp. */
export async function serveMcpRequest(request: Request): Promise<Response> {
  if (request.method !== "POST") {
    return jsonAnswer(405, { error: { code: "method-not-allowed", message: `${request.method} is not served at ${MCP_PATH}: Herald's MCP endpoint is stateless, send each JSON-RPC message with POST.` } }, { allow: "POST" });
  }
  const origin = request.headers.get("origin");
  if (origin && !originAllowed(origin)) {
    // Streamable HTTP's rule against DNS rebinding: a browser page from another site may not call us.
    return jsonAnswer(403, { error: { code: "forbidden", message: `Requests from web pages at ${origin} are not accepted: Herald's MCP endpoint answers pages of ${publicOrigin()} only.` } });
  }
  try {
    const authorization = request.headers.get("authorization");
    const clientAddress = requestClientAddress(request.headers);
    const identity = await authenticateApiKey(authorization, clientAddress);
    const rate = consumeApiRequest(identity.apiKeyId, env().HERALD_API_RATE_LIMIT_PER_MINUTE);
    if (!rate.allowed) {
      const seconds = Math.max(1, Math.ceil((rate.resetAt.getTime() - now().getTime()) / 1000));
      throw new HeraldError({ code: "rate-limited", message: `Too many requests for this API key: the limit is ${rate.limit} per minute.`, retryAfterSeconds: Math.min(seconds, 60) });
    }
    // A key used here is an agent's from now on: its writes are held on any transport when the
    // workspace asks for that, and it may not govern agents (docs/agent-approvals.md).
    if (!identity.agentKey) {
      await markAgentKey(identity.apiKeyId);
      identity.agentKey = true;
    }
    const workspace = request.headers.get(WORKSPACE_HEADER)?.trim() || null;
    const [actor, keyActor] = await Promise.all([resolveApiActor(identity, workspace), resolveApiActor(identity, null)]);
    const raw = await readBoundedBody(request);
    let parsedBody: unknown;
    try {
      parsedBody = JSON.parse(raw);
    } catch {
      return jsonAnswer(400, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error: the request body is not valid JSON." } });
    }
    if (Array.isArray(parsedBody)) {
      // One message per POST: the MCP protocol dropped JSON-RPC batches (2025-06-18), and a batch
      // would run many tool calls at once for one rate-limit token.
      return jsonAnswer(400, { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid request: send one JSON-RPC message per POST; batches are not accepted." } });
    }
    const server = createHeraldMcpServer({ caller: { authorization: authorization!, workspace, clientAddress }, actor, keyActor });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      // The body is already read (within the route's limit): the transport must not read it again.
      const answered = await transport.handleRequest(request, { parsedBody });
      const text = await answered.text();
      return new Response(text || null, { status: answered.status, headers: answered.headers });
    } finally {
      await server.close().catch(() => undefined);
    }
  } catch (error) {
    return errorAnswer(error);
  }
}
