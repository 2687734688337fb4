// Which client made an /api/v1 request. Herald's MCP server (server/mcp/) calls the same operation
// handlers as the REST API, with this header set on the Request it builds; the handler wrapper
// (api-handler.ts) reads it to hold an agent's writes for approval when the workspace asks for that,
// and to count them against the key's budget. A REST client that sets it itself only subjects its own
// writes to the approvals queue: it grants nothing.
export const AGENT_CLIENT_HEADER = "x-herald-client";
export const MCP_CLIENT = "mcp";

export function isAgentRequest(request: Request): boolean {
  return request.headers.get(AGENT_CLIENT_HEADER)?.trim().toLowerCase() === MCP_CLIENT;
}
