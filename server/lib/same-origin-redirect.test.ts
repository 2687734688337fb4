// Sign-in callbacks: Herald's own paths are kept, everything that a browser would take to another
// site (or run as script) falls back.
import { describe, expect, it } from "vitest";
import { sameOriginPath, sameOriginUrl } from "./same-origin-redirect";

const own = "http://herald.test:3000";

describe("sameOriginPath", () => {
  it("keeps paths, queries and fragments on Herald's origin", () => {
    expect(sameOriginPath("/campaigns/abc?tab=leads#top", own)).toBe("/campaigns/abc?tab=leads#top");
    expect(sameOriginPath("http://herald.test:3000/inbox", own)).toBe("/inbox");
    expect(sameOriginPath("settings/api", own)).toBe("/settings/api");
    // An encoded slash stays a path segment on Herald, not a host.
    expect(sameOriginPath("/%2F%2Fother.test/x", own)).toBe("/%2F%2Fother.test/x");
  });

  it.each([
    "//other.test/phish",
    "/\\other.test/phish",
    "\\\\other.test/phish",
    "/\t/other.test/phish",
    "/\n/other.test/phish",
    "\t//other.test",
    "/.//other.test/phish",
    "https://other.test/phish",
    "http://herald.test:3001/",
    "https://herald.test:3000/",
    "http://herald.test:3000@other.test/",
    "javascript:alert(document.domain)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "http://[::1",
    "",
  ])("refuses %j", (callback) => {
    expect(sameOriginPath(callback, own)).toBe("/");
    expect(sameOriginPath(callback, own, "/campaigns")).toBe("/campaigns");
  });

  it("falls back when there is no callback", () => {
    expect(sameOriginPath(null, own, "/campaigns")).toBe("/campaigns");
    expect(sameOriginPath(undefined, own)).toBe("/");
  });
});

describe("sameOriginUrl", () => {
  it("answers absolute addresses on Herald's origin only", () => {
    expect(sameOriginUrl("/sign-in", own)).toBe("http://herald.test:3000/sign-in");
    expect(sameOriginUrl("//other.test/x", own)).toBe("http://herald.test:3000/");
    expect(sameOriginUrl("https://other.test/x", `${own}/`)).toBe("http://herald.test:3000/");
  });
});
