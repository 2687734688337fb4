import { describe, expect, it } from "vitest";
import { matchedIndustry } from "./to-company";

describe("the industry a company matched by", () => {
  it("is the first of its industries, the main one first, among the filter's values", () => {
    expect(matchedIndustry(["banking", "computer software", "insurance"], ["insurance", "computer software"])).toBe("computer software");
    expect(matchedIndustry(["computer software", "banking"], ["Banking", "computer software"])).toBe("computer software");
    expect(matchedIndustry(["banking", "insurance"], ["Insurance"])).toBe("insurance");
  });

  it("is null without the filter, or when none of its industries is asked for", () => {
    expect(matchedIndustry(["banking"], undefined)).toBeNull();
    expect(matchedIndustry(["banking"], [])).toBeNull();
    expect(matchedIndustry(["banking"], ["retail"])).toBeNull();
  });
});
