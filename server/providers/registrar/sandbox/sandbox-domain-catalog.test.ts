// The sandbox registrar's catalogue: suggestions in a fixed order, a typed domain name first, never
// more than 20, never an invalid name; and the markers read from the first label.
import { describe, expect, it } from "vitest";
import { isValidDomainName, suggestDomainNames, tldPrice } from "./sandbox-domain-catalog";
import { sandboxMarkers, seededSettleMs } from "./sandbox-markers";

describe("suggestDomainNames", () => {
  it("puts a typed domain name first, then the label's plausible variants", () => {
    const names = suggestDomainNames("Acme-Mail.dev");
    expect(names.slice(0, 8)).toEqual(["acme-mail.dev", "acme-mail.com", "acme-mail.io", "acme-mail.co", "acme-mail.net", "getacme-mail.com", "tryacme-mail.com", "acme-mailhq.com"]);
    expect(names.length).toBeLessThanOrEqual(20);
    expect(new Set(names).size).toBe(names.length);
    expect(names.every(isValidDomainName)).toBe(true);
  });

  it("makes one label of a search phrase and suggests nothing for an empty one", () => {
    expect(suggestDomainNames("  Acme Corp! ")[0]).toBe("acmecorp.com");
    expect(suggestDomainNames("get")).toContain("getget.com");
    expect(suggestDomainNames("!!!")).toEqual([]);
    expect(suggestDomainNames("a".repeat(70))).toEqual([]);
  });
});

describe("tldPrice", () => {
  it("prices the known endings and everything else alike", () => {
    expect(tldPrice("acme.com")).toEqual({ firstYearCents: 1299, renewalCents: 1499 });
    expect(tldPrice("acme.co.uk")).toEqual({ firstYearCents: 1599, renewalCents: 1799 });
  });
});

describe("sandboxMarkers", () => {
  it("reads the words of the first label only, the platform's words before `slow`", () => {
    expect([...sandboxMarkers("taken-gone.com")].sort()).toEqual(["gone", "taken"]);
    expect([...sandboxMarkers("acme.taken.com")]).toEqual([]);
    expect([...sandboxMarkers("slowplatform-acme.com")]).toEqual(["slowplatform"]);
    expect([...sandboxMarkers("slow-slowplatform.com")].sort()).toEqual(["slow", "slowplatform"]);
    expect([...sandboxMarkers("PlatformFail.com")]).toEqual(["platformfail"]);
    expect([...sandboxMarkers("timeoutacme.com")]).toEqual(["timeout"]);
  });

  it("settles each name after its own 5–30 s, the same every time", () => {
    const delays = Array.from({ length: 50 }, (_, index) => seededSettleMs("registration", `name-${index}.com`));
    expect(delays.every((delay) => delay >= 5000 && delay <= 30_000)).toBe(true);
    expect(new Set(delays).size).toBeGreaterThan(40);
    expect(seededSettleMs("registration", "acme.com")).toBe(seededSettleMs("registration", "ACME.com"));
  });
});
