import { describe, expect, it } from "vitest";
import { requestPathOf } from "./request-path";

describe("requestPathOf", () => {
  it("keeps the path of a request target, without its query", () => {
    expect(requestPathOf("/settings/api?tab=keys")).toBe("/settings/api");
    expect(requestPathOf("/inbox#top")).toBe("/inbox");
    expect(requestPathOf("http://herald.test/campaigns?_rsc=1")).toBe("/campaigns");
    expect(requestPathOf(undefined)).toBe("/");
    expect(requestPathOf("*")).toBe("/");
  });
});
