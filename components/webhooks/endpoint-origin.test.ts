import { describe, expect, it } from "vitest";
import { automationPlatform, endpointOriginLabel, matchesOrigin } from "./endpoint-origin";

const keys = [
  { id: "key_1", name: "Zaps", revokedAt: null },
  { id: "key_2", name: "Old", revokedAt: "2026-03-01T00:00:00.000Z" },
];

describe("the origin of a webhook endpoint, in words", () => {
  it("tells the platform by the hook URL's host only", () => {
    expect(automationPlatform("https://hooks.zapier.com/hooks/standard/1/abc/")).toBe("Zapier");
    expect(automationPlatform("https://hook.eu1.make.com/abc")).toBe("Make");
    expect(automationPlatform("https://hook.integromat.com/abc")).toBe("Make");
    expect(automationPlatform("https://acme.app.n8n.cloud/webhook/herald")).toBe("n8n");
    expect(automationPlatform("https://evil.example.com/hooks.zapier.com")).toBeNull();
    expect(automationPlatform("https://notzapier.com/x")).toBeNull();
    expect(automationPlatform("not a url")).toBeNull();
  });

  it("labels REST hooks with the key that subscribed them, and nothing else", () => {
    const hook = { createdVia: "rest-hook" as const, createdByApiKeyId: "key_1", url: "https://hooks.zapier.com/x" };
    expect(endpointOriginLabel(hook, keys)).toBe("Added by Zapier through the API key “Zaps”");
    expect(endpointOriginLabel({ ...hook, url: "https://n8n.acme.com/webhook/x", createdByApiKeyId: "key_2" }, keys)).toBe(
      "Added by an automation platform through the API key “Old” (revoked: this endpoint goes with it)",
    );
    expect(endpointOriginLabel({ ...hook, createdByApiKeyId: null }, keys)).toBe("Added by Zapier through an API key that no longer exists");
    expect(endpointOriginLabel(hook, undefined)).toBe("Added by Zapier through an API key");
    expect(endpointOriginLabel({ createdVia: "user", createdByApiKeyId: null, url: "https://hooks.zapier.com/x" }, keys)).toBeNull();
  });

  it("filters by origin", () => {
    expect(matchesOrigin({ createdVia: "rest-hook" }, "all")).toBe(true);
    expect(matchesOrigin({ createdVia: "rest-hook" }, "user")).toBe(false);
    expect(matchesOrigin({ createdVia: "user" }, "user")).toBe(true);
  });
});
