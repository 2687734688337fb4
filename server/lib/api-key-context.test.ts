// The key an operation runs for reaches what the operation awaits, and not what it only sets going
// outside it (the embedded executor's timer).
import { describe, expect, it } from "vitest";
import { currentApiKeyId, outsideApiKey, runForApiKey } from "./api-key-context";

describe("the API key context", () => {
  it("is the key's within its operation, nobody's outside it or in work set going outside it", async () => {
    expect(currentApiKeyId()).toBeUndefined();
    const seen = await runForApiKey("key_1", async () => {
      await Promise.resolve();
      const inside = currentApiKeyId();
      const later = await new Promise<string | undefined>((resolve) => outsideApiKey(() => setTimeout(() => resolve(currentApiKeyId()), 0)));
      return { inside, later };
    });
    expect(seen).toEqual({ inside: "key_1", later: undefined });
    expect(await runForApiKey(undefined, async () => currentApiKeyId())).toBeUndefined();
  });
});
