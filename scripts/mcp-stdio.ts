// Herald's MCP server over stdio, for desktop MCP clients (docs/mcp.md): `npx tsx scripts/mcp-stdio.ts`
// or `npm run mcp:stdio`, with HERALD_URL (Herald's address) and HERALD_API_KEY (an API key of
// Settings → API) in the environment, and optionally HERALD_WORKSPACE (a workspace id of the key's
// creator). It passes the client's messages to Herald's /api/mcp and the answers back: it needs no
// database and no other setting.
import { startStdioBridge } from "../server/mcp/stdio-bridge";

const heraldUrl = process.env.HERALD_URL?.trim();
const apiKey = process.env.HERALD_API_KEY?.trim();
if (!heraldUrl || !apiKey) {
  process.stderr.write("Set HERALD_URL (Herald's address, e.g. https://herald.example.com) and HERALD_API_KEY (an API key from Settings → API).\n");
  process.exit(1);
}
try {
  new URL(heraldUrl);
} catch {
  process.stderr.write(`HERALD_URL is not an address: ${heraldUrl}\n`);
  process.exit(1);
}

const bridge = await startStdioBridge({ heraldUrl, apiKey, workspace: process.env.HERALD_WORKSPACE?.trim() || undefined });
process.on("SIGINT", () => void bridge.close());
process.on("SIGTERM", () => void bridge.close());
await bridge.closed;
process.exit(0);
