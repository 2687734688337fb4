import { describe, expect, it } from "vitest";
import { pageLoadPath, requestPathOf } from "./request-path";

describe("requestPathOf", () => {
  it("keeps the path of a request target, without its query", () => {
    expect(requestPathOf("/settings/api?tab=keys")).toBe("/settings/api");
    expect(requestPathOf("/inbox#top")).toBe("/inbox");
    expect(requestPathOf("http://herald.test/campaigns?x=1")).toBe("/campaigns");
    expect(requestPathOf(undefined)).toBe("/");
    expect(requestPathOf("*")).toBe("/");
  });
});

describe("pageLoadPath", () => {
  it("names the page a browser loads, and nothing for the app router's own requests", () => {
    expect(pageLoadPath({ method: "GET", url: "/settings?tab=1", headers: {} })).toBe("/settings");
    expect(pageLoadPath({ method: "GET", url: "/settings?_rsc=abc", headers: { rsc: "1" } })).toBeNull();
    expect(pageLoadPath({ method: "POST", url: "/settings", headers: {} })).toBeNull();
  });
});
