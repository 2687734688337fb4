import { describe, expect, it } from "vitest";
import { cnameTarget, isReservedTestName, isTrackingPath, judgeCname, judgeProof, linksOnOtherDomain, linksWithoutHttps, mailboxTracking, normalizeHost, registrableDomain, requestPathname, trackingBaseUrl, trackingHostProblem, trackingRecords } from "./tracking-domain";
import { overallMailboxHealth } from "./mailbox-health";

const base = { domain: "acme.com", heraldHost: "herald.example.com", sendingDomains: ["acme.com", "acme.io"] };

describe("trackingHostProblem", () => {
  it("accepts a subdomain of a domain the workspace sends from, in any case and with a trailing dot", () => {
    expect(trackingHostProblem({ ...base, host: "Track.ACME.com." })).toBeNull();
    expect(trackingHostProblem({ ...base, host: "links.mail.acme.com" })).toBeNull();
  });

  it("refuses a host on another domain, naming the field and the domain", () => {
    expect(trackingHostProblem({ ...base, host: "track.evil.com" })).toEqual({ field: "host", message: expect.stringContaining("must be on acme.com") });
    // A suffix that is not a label boundary is another domain.
    expect(trackingHostProblem({ ...base, host: "trackacme.com" })?.field).toBe("host");
    // The domain itself is not a subdomain of it.
    expect(trackingHostProblem({ ...base, host: "acme.com" })).toEqual({ field: "host", message: expect.stringContaining("Use a subdomain of acme.com, such as track.acme.com") });
  });

  it("refuses IP literals in every spelling", () => {
    for (const host of ["127.0.0.1", "10.1.2.3", "[::1]", "::ffff:127.0.0.1", "2130706433", "0x7f000001"]) {
      expect(trackingHostProblem({ ...base, host })?.message).toContain("not an IP address");
    }
  });

  it("refuses Herald's own host and hosts that are not names", () => {
    expect(trackingHostProblem({ ...base, domain: "example.com", sendingDomains: ["example.com"], host: "herald.example.com" })?.message).toContain("Herald's own address");
    expect(trackingHostProblem({ ...base, host: "track_1.acme.com" })?.message).toContain("is not a host name");
    expect(trackingHostProblem({ ...base, host: "-x.acme.com" })?.field).toBe("host");
    expect(trackingHostProblem({ ...base, host: "" })?.message).toContain("such as track.acme.com");
  });

  it("refuses a domain the workspace does not send from", () => {
    expect(trackingHostProblem({ ...base, domain: "other.com", host: "track.other.com" })).toEqual({ field: "domain", message: expect.stringContaining("No mailbox of this workspace sends from other.com") });
  });
});

describe("cnameTarget and judgeCname", () => {
  it("points at HERALD_URL's host unless a target is configured", () => {
    expect(cnameTarget({ heraldUrl: "https://herald.example.com:8443/" })).toBe("herald.example.com");
    expect(cnameTarget({ heraldUrl: "https://herald.example.com", configuredTarget: "Tracking.Example.NET." })).toBe("tracking.example.net");
  });

  it("verifies a CNAME to the target, trailing dot and case aside, and says what to fix otherwise", () => {
    expect(judgeCname("track.acme.com", "herald.example.com", { kind: "records", records: ["Herald.Example.com."] })).toEqual({ ok: true });
    const wrong = judgeCname("track.acme.com", "herald.example.com", { kind: "records", records: ["elsewhere.net"] });
    expect(wrong).toEqual({ ok: false, reason: expect.stringContaining("points at elsewhere.net, not at Herald. Change the record to track.acme.com CNAME herald.example.com") });
    expect(judgeCname("track.acme.com", "herald.example.com", { kind: "none" })).toEqual({ ok: false, reason: expect.stringContaining("has no CNAME record yet. Add track.acme.com CNAME herald.example.com") });
    expect(judgeCname("track.acme.com", "h", { kind: "error", reason: "DNS timed out" })).toEqual({ ok: false, reason: "DNS timed out" });
  });
});

describe("mailboxTracking and trackingBaseUrl", () => {
  const heraldUrl = "https://herald.example.com/";
  it("takes the mailbox's verified override over its domain's, and the domain's over Herald's", () => {
    const override = { host: "t.acme.io", status: "verified" };
    const ofDomain = { host: "track.acme.com", status: "verified" };
    expect(mailboxTracking({ heraldUrl, override, ofDomain })).toEqual({ host: "t.acme.io", source: "mailbox" });
    expect(trackingBaseUrl({ heraldUrl, override, ofDomain })).toBe("https://t.acme.io");
    expect(trackingBaseUrl({ heraldUrl, override: null, ofDomain })).toBe("https://track.acme.com");
  });

  it("never uses a pending or failing tracking domain", () => {
    const pending = { host: "track.acme.com", status: "pending" };
    expect(trackingBaseUrl({ heraldUrl, override: { host: "t.acme.io", status: "failing" }, ofDomain: pending })).toBe("https://herald.example.com");
    expect(mailboxTracking({ heraldUrl: "http://localhost:3000", override: null, ofDomain: null })).toEqual({ host: "localhost:3000", source: "herald" });
  });
});

describe("linksOnOtherDomain", () => {
  it("warns when the links' registrable domain differs from the mailbox's, with the fix", () => {
    expect(linksOnOtherDomain("ada@acme.com", "herald.example.com")).toBe(
      "This mailbox's tracking links point at herald.example.com, which is not on acme.com: spam filters trust links on the sender's own domain more. Add a tracking domain such as track.acme.com.",
    );
  });

  it("is quiet for links on the mailbox's own registrable domain, public suffixes respected", () => {
    expect(linksOnOtherDomain("ada@acme.com", "track.acme.com")).toBeNull();
    expect(linksOnOtherDomain("ada@mail.acme.co.uk", "track.acme.co.uk")).toBeNull();
    expect(linksOnOtherDomain("ada@acme.co.uk", "track.other.co.uk")).toContain("not on acme.co.uk");
    expect(registrableDomain("a.b.example.co.uk")).toBe("example.co.uk");
    // A Herald on loopback: nobody outside follows its links anyway.
    expect(linksOnOtherDomain("ada@acme.com", "localhost:3000")).toBeNull();
  });
});

describe("isTrackingPath and normalizeHost", () => {
  it("knows the tracking paths", () => {
    expect(isTrackingPath("/t/o/abc.gif")).toBe(true);
    expect(isTrackingPath("/u/token")).toBe(true);
    expect(isTrackingPath("/")).toBe(false);
    expect(isTrackingPath("/api/v1/campaigns")).toBe(false);
    expect(isTrackingPath("/tracking")).toBe(false);
    expect(normalizeHost("  A.B. ")).toBe("a.b");
  });
});

describe("a mailbox's overall health with its links on another domain", () => {
  it("is at least a warning, but a mailbox nothing else was checked of stays unchecked", async () => {

    expect(overallMailboxHealth({ dns: "ok", test: null, warmup: null, linksOnOtherDomain: true })).toBe("warning");
    expect(overallMailboxHealth({ dns: "failing", test: null, warmup: null, linksOnOtherDomain: true })).toBe("failing");
    expect(overallMailboxHealth({ dns: "ok", test: null, warmup: null, linksOnOtherDomain: false })).toBe("ok");
    expect(overallMailboxHealth({ dns: null, test: null, warmup: null, linksOnOtherDomain: true })).toBe("unchecked");
  });
});

describe("the sandbox's reach and the ownership proof", () => {
  it("knows the reserved test TLDs and nothing else as names the sandbox may verify", () => {
    for (const host of ["track.acme.test", "Track.Acme.Example.", "t.acme.invalid", "t.acme.localhost"]) expect(isReservedTestName(host), host).toBe(true);
    for (const host of ["track.acme.com", "track.example.com", "track.acme.testing", "test"]) expect(isReservedTestName(host), host).toBe(false);
  });

  it("lists the CNAME and the TXT proof to add", () => {
    expect(trackingRecords({ host: "Track.acme.com", token: "abc", target: "herald.example.com" })).toEqual([
      { type: "CNAME", host: "track.acme.com", value: "herald.example.com" },
      { type: "TXT", host: "_herald-tracking.track.acme.com", value: "herald-tracking=abc" },
    ]);
  });

  it("accepts the proof only with this row's token, in plain words otherwise", () => {
    expect(judgeProof("track.acme.com", "abc", { kind: "records", records: [["v=spf1 -all"], ["herald-tr", "acking=abc"]] })).toEqual({ ok: true });
    expect(judgeProof("track.acme.com", "abc", { kind: "none" })).toEqual({
      ok: false,
      reason: '_herald-tracking.track.acme.com has no TXT record yet. Add _herald-tracking.track.acme.com TXT "herald-tracking=abc" at your DNS host: it proves the host is this workspace\'s.',
    });
    expect(judgeProof("track.acme.com", "abc", { kind: "records", records: [["herald-tracking=other"]] })).toMatchObject({ ok: false, reason: expect.stringContaining("does not hold this workspace's value") });
    expect(judgeProof("track.acme.com", "abc", { kind: "error", reason: "timed out" })).toEqual({ ok: false, reason: "timed out" });
  });
});

describe("requestPathname", () => {
  it("resolves dot segments as the router will", () => {
    expect(requestPathname("/t/o/x.gif?u=1")).toBe("/t/o/x.gif");
    expect(requestPathname("/t/../sign-in")).toBe("/sign-in");
    expect(requestPathname("/x/../t/o/x.gif")).toBe("/t/o/x.gif");
    expect(requestPathname("/u/..\\settings")).toBe("/settings");
    expect(requestPathname("//evil.example/t/o/x.gif")).toBe("//evil.example/t/o/x.gif");
    expect(isTrackingPath(requestPathname("/t/../sign-in")!)).toBe(false);
  });

  it("refuses dot segments hidden behind percent-encoding, and leaves other encoded slashes alone", () => {
    for (const target of ["/t/%2e%2e/sign-in", "/t/..%2Fsign-in", "/t/%5C..", "/u/%2E%2E", "/x/%2e/t/o/x.gif", "/t/.%2e/x"]) expect(requestPathname(target), target).toBeNull();
    expect(requestPathname("/api/files/a%5Cb.pdf?expires=1")).toBe("/api/files/a%5Cb.pdf");
    expect(requestPathname("/api/files/x%2Fy.%2Epdf")).toBe("/api/files/x%2Fy.%2Epdf");
  });
});

describe("linksWithoutHttps", () => {
  const dead = { host: "track.acme.com", status: "verified", httpsWarning: "HTTPS is not answering yet on track.acme.com." };
  it("warns when the host new e-mails use did not answer over HTTPS", () => {
    const tracking = mailboxTracking({ heraldUrl: "https://herald.example.com", override: null, ofDomain: dead });
    expect(linksWithoutHttps(tracking, { override: null, ofDomain: dead })).toBe(
      "Links in new e-mails point at https://track.acme.com, which does not answer over HTTPS: opens, clicks and unsubscribing fail until it does. HTTPS is not answering yet on track.acme.com.",
    );
  });

  it("says nothing when HTTPS answered or the links are on Herald's address", () => {
    const answering = { ...dead, httpsWarning: null };
    expect(linksWithoutHttps(mailboxTracking({ heraldUrl: "https://herald.example.com", override: null, ofDomain: answering }), { override: null, ofDomain: answering })).toBeNull();
    const failing = { ...dead, status: "failing" };
    expect(linksWithoutHttps(mailboxTracking({ heraldUrl: "https://herald.example.com", override: null, ofDomain: failing }), { override: null, ofDomain: failing })).toBeNull();
  });

  it("makes the mailbox's health a warning", () => {
    expect(overallMailboxHealth({ dns: "ok", test: null, warmup: null, linksWithoutHttps: true })).toBe("warning");
    expect(overallMailboxHealth({ dns: null, test: null, warmup: null, linksWithoutHttps: true })).toBe("warning");
  });
});
