/** Where Herald serves its MCP server over Streamable HTTP (docs/mcp.md). */
export const MCP_PATH = "/api/mcp";
