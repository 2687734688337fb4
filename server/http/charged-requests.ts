// Requests whose rate-limit token was already taken by the endpoint that made them: Herald's MCP
// endpoint charges each tool call once (server/mcp/), then runs the operation through the same handler
// as /api/v1 with a Request it builds itself. A private mark on that Request object, never a header a
// client could send, tells the handler wrapper (api-handler.ts) not to charge it a second time.
const charged = new WeakSet<Request>();

export function markRequestCharged(request: Request): Request {
  charged.add(request);
  return request;
}

export function wasRequestCharged(request: Request): boolean {
  return charged.has(request);
}
