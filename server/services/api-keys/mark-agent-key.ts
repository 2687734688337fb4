// Marks a key as an AI agent's the first time it is used on Herald's MCP endpoint (server/mcp/): from
// then on its writes may be held on any transport and it may not govern agents (docs/agent-approvals.md).
// Sticky: nothing turns the mark off, so a key cannot shed it by switching to the REST API.
import { db } from "../../db/client";
import { forgetApiKeys } from "./api-key-cache";

export async function markAgentKey(apiKeyId: string): Promise<void> {
  const marked = await db.apiKey.updateMany({ where: { id: apiKeyId, agentKey: false }, data: { agentKey: true } });
  // Remembered look-ups still say "not an agent's": forget them (once per key's life).
  if (marked.count > 0) forgetApiKeys();
}
