import { describe, expect, it } from "vitest";
import type { TMailbox } from "@/server/schemas/mailbox";
import type { TDnsHealth, TWarmup } from "@/server/schemas/mailbox-health";
import { formatElapsed, formatRange, healthReason, strategyFieldErrors, strategyNumbers, testStage, verdict, worstDnsCheck } from "./health-format";

const okCheck = { status: "ok" as const, reason: "Fine.", record: "v=…", fix: null };

function dns(overrides: Partial<TDnsHealth> = {}): TDnsHealth {
  return {
    domain: "example.com",
    managed: false,
    status: "ok",
    spf: { ...okCheck, lookups: 2, includesSendingService: true, allQualifier: "-all" },
    dkim: { ...okCheck, selector: "s1" },
    dmarc: { ...okCheck, policy: "reject", aligned: true },
    mx: { ...okCheck, hosts: ["mx.example.com"] },
    checkedAt: "2026-03-02T10:00:00.000Z",
    ...overrides,
  };
}

const warmup = { health: "unknown", healthLabel: "No warmup e-mail has landed yet." } as TWarmup;

function mailbox(overrides: Partial<Pick<TMailbox, "health" | "dnsHealth" | "deliverabilityTest" | "warmup">>): Pick<TMailbox, "health" | "dnsHealth" | "deliverabilityTest" | "warmup"> {
  return { health: "ok", dnsHealth: dns(), deliverabilityTest: null, warmup, ...overrides };
}

describe("worstDnsCheck", () => {
  it("names the check to fix first: missing or invalid before a lookup error before a warning", () => {
    expect(worstDnsCheck(dns())).toBeNull();
    const broken = dns({
      dmarc: { status: "warning", reason: "DMARC only reports.", record: "v=DMARC1; p=none", fix: null, policy: "none", aligned: true },
      dkim: { status: "missing", reason: "No DKIM key at s1.", record: null, fix: null, selector: "s1" },
      mx: { status: "error", reason: "The lookup timed out.", record: null, fix: null, hosts: [] },
    });
    expect(worstDnsCheck(broken)).toEqual({ name: "DKIM", status: "missing", reason: "No DKIM key at s1." });
  });
});

describe("healthReason", () => {
  it("says nothing was checked before any check", () => {
    expect(healthReason(mailbox({ health: "unchecked", dnsHealth: null }))).toMatch(/^Nothing checked yet/);
  });

  it("puts a failing DNS record first, then where the test e-mail landed, then warnings", () => {
    const missingSpf = dns({ spf: { status: "missing", reason: "No SPF record.", record: null, fix: null, lookups: null, includesSendingService: null, allQualifier: null } });
    const spamTest = { status: "done", landing: "spam", blocklists: null } as TMailbox["deliverabilityTest"];
    expect(healthReason(mailbox({ health: "failing", dnsHealth: missingSpf, deliverabilityTest: spamTest }))).toBe("SPF: No SPF record.");
    expect(healthReason(mailbox({ health: "failing", deliverabilityTest: spamTest }))).toBe("Last test e-mail: landed in spam.");
    const listed = { status: "done", landing: "inbox", blocklists: { ip: "listed", domain: "clean", listings: [] } } as unknown as TMailbox["deliverabilityTest"];
    expect(healthReason(mailbox({ health: "failing", deliverabilityTest: listed }))).toBe("The sending server is on a blocklist.");
    const softSpf = dns({ spf: { status: "warning", reason: "SPF ends in ~all.", record: "v=spf1 ~all", fix: null, lookups: 1, includesSendingService: true, allQualifier: "~all" } });
    expect(healthReason(mailbox({ health: "warning", dnsHealth: softSpf }))).toBe("SPF: SPF ends in ~all.");
    expect(healthReason(mailbox({}))).toBe("Nothing wrong found.");
    // A warning nothing above explains: the mailbox's tracking links are on another domain.
    expect(healthReason(mailbox({ health: "warning" }))).toContain("add a tracking domain under Mailboxes → Tracking domains");
  });
});

describe("testStage", () => {
  const startedAt = "2026-03-02T10:00:00.000Z";
  const start = Date.parse(startedAt);
  it("is sending until the server accepted the e-mail, then waiting for it to arrive, timed from sending", () => {
    expect(testStage({ startedAt, sentAt: null }, start + 5000)).toEqual({ stage: "sending", text: "Sending…", elapsedMs: 5000 });
    expect(testStage({ startedAt, sentAt: null }, start + 60_000).stage).toBe("sending");
    expect(testStage({ startedAt, sentAt: "2026-03-02T10:00:02.000Z" }, start + 62_000)).toEqual({ stage: "waiting", text: "Waiting for it to arrive (up to 10 minutes)", elapsedMs: 60_000 });
  });

  it("formats elapsed time as minutes and seconds", () => {
    expect(formatElapsed(0)).toBe("0:00");
    expect(formatElapsed(42_900)).toBe("0:42");
    expect(formatElapsed(185_000)).toBe("3:05");
    expect(formatElapsed(-5)).toBe("0:00");
  });
});

describe("verdict", () => {
  it("words the receiver's verdicts", () => {
    expect(verdict("pass")).toEqual({ label: "Pass", tone: "green" });
    expect(verdict("FAIL")).toEqual({ label: "Fail", tone: "red" });
    expect(verdict("permerror").label).toBe("Broken record");
    expect(verdict("softfail").tone).toBe("amber");
    expect(verdict(null)).toEqual({ label: "Not seen", tone: "slate" });
  });
});

describe("strategyFieldErrors", () => {
  const refusal = (errors: unknown) => ({ data: { heraldCode: "invalid-strategy", details: { errors } } });

  it("maps a field → message map to the form's fields", () => {
    expect(strategyFieldErrors(refusal({ targetVolume: "must be at most 40", replySpam: "must be 0 to 100" }))).toEqual({
      targetVolume: "must be at most 40",
      replySpam: "must be 0 to 100",
    });
  });

  it("maps a list of {field, message}, paths into a range belonging to the range", () => {
    expect(
      strategyFieldErrors(
        refusal([
          { field: "replyInbox.1", message: "must be at least the minimum" },
          { field: "startingVolume", message: "must be 1 or more" },
          { path: ["replyPromotions", 0], message: "must be 0 to 100" },
        ]),
      ),
    ).toEqual({ replyInbox: "must be at least the minimum", startingVolume: "must be 1 or more", replyPromotions: "must be 0 to 100" });
  });

  it("keeps problems with no field of the form, and joins two of one field", () => {
    expect(strategyFieldErrors(refusal({ speed: "is not a strategy setting" }))).toEqual({ other: "is not a strategy setting" });
    expect(strategyFieldErrors(refusal([{ field: "replyInbox.0", message: "too low." }, { field: "replyInbox.1", message: "too high." }]))).toEqual({ replyInbox: "too low. too high." });
    expect(strategyFieldErrors(null)).toEqual({});
    expect(strategyFieldErrors({ data: { details: null, fields: [{ field: "dailyIncrease", message: "must be a whole number" }] } })).toEqual({ dailyIncrease: "must be a whole number" });
  });
});

describe("strategy words", () => {
  it("words ranges and the ramp", () => {
    expect(formatRange([20, 30])).toBe("20 to 30 %");
    expect(formatRange([5, 5])).toBe("5 %");
    expect(strategyNumbers({ startingVolume: 1, dailyIncrease: 2, targetVolume: 40 })).toBe("1 e-mail on day 1, 2 more each day, up to 40 a day");
  });
});
