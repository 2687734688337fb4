import { describe, expect, it } from "vitest";
import { mcpEndpointUrl, plainHttpWarning } from "./mcp-endpoint-url";

describe("the stdio bridge's endpoint address", () => {
  it("keeps a sub-path of Herald's address", () => {
    expect(mcpEndpointUrl("https://example.com/herald").href).toBe("https://example.com/herald/api/mcp");
    expect(mcpEndpointUrl("https://example.com/herald/").href).toBe("https://example.com/herald/api/mcp");
    expect(mcpEndpointUrl("https://example.com").href).toBe("https://example.com/api/mcp");
    expect(mcpEndpointUrl("http://127.0.0.1:3000/").href).toBe("http://127.0.0.1:3000/api/mcp");
  });

  it("warns of plain http to another machine only", () => {
    expect(plainHttpWarning(new URL("http://herald.example.com/api/mcp"))).toMatch(/unencrypted/);
    expect(plainHttpWarning(new URL("http://10.0.0.5:3000/api/mcp"))).toMatch(/unencrypted/);
    expect(plainHttpWarning(new URL("https://herald.example.com/api/mcp"))).toBeNull();
    expect(plainHttpWarning(new URL("http://localhost:3000/api/mcp"))).toBeNull();
    expect(plainHttpWarning(new URL("http://127.0.0.1:3000/api/mcp"))).toBeNull();
    expect(plainHttpWarning(new URL("http://[::1]:3000/api/mcp"))).toBeNull();
  });
});
