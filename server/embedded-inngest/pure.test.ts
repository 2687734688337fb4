import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { nextCronTime, parseCron } from "./cron";
import { parseDurationMs, sleepUntil } from "./durations";
import { evaluate, evaluateCondition, evaluateKey } from "./expressions";
import { canonicalJson, signRequest } from "./signing";

describe("signing", () => {
  it("signs canonical JSON plus the timestamp with the key text after the prefix", () => {
    const body = { b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } };
    expect(canonicalJson(body)).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
    const expected = createHmac("sha256", "abc123").update(`${canonicalJson(body)}1700000000`).digest("hex");
    expect(signRequest(body, "signkey-prod-abc123", 1700000000)).toBe(`t=1700000000&s=${expected}`);
    const empty = createHmac("sha256", "abc123").update("1700000000").digest("hex");
    expect(signRequest(undefined, "signkey-test-abc123", 1700000000)).toBe(`t=1700000000&s=${empty}`);
  });
});

describe("durations", () => {
  it.each([
    ["4s", 4_000],
    ["1h30m", 5_400_000],
    ["1w", 604_800_000],
    ["52w1d6h", 52 * 604_800_000 + 86_400_000 + 6 * 3_600_000],
    ["", 0],
  ])("parses %s", (text, ms) => expect(parseDurationMs(text)).toBe(ms));

  it("rejects what it does not understand", () => expect(parseDurationMs("soon")).toBeNull());

  it("wakes sleeps at an ISO date or after a duration", () => {
    const from = new Date("2026-01-01T00:00:00Z");
    expect(sleepUntil("2030-01-02T03:04:05.000Z", from).toISOString()).toBe("2030-01-02T03:04:05.000Z");
    expect(sleepUntil("16s", from).toISOString()).toBe("2026-01-01T00:00:16.000Z");
  });
});

describe("expressions", () => {
  const scope = { event: { data: { id: "a1", count: 3, ok: true } }, async: { data: { id: "a1", other: "x" } } };
  it("evaluates the SDK's match and if forms", () => {
    expect(evaluateCondition("event.data.id == async.data.id", scope)).toBe(true);
    expect(evaluateCondition("async.data.other != 'x'", scope)).toBe(false);
    expect(evaluateCondition("event.data.count >= 3 && event.data.ok == true", scope)).toBe(true);
    expect(evaluateCondition("!(event.data.count > 5) || false", scope)).toBe(true);
    expect(evaluateCondition("event.data.missing == null", scope)).toBe(true);
    expect(evaluateCondition(undefined, scope)).toBe(true);
  });
  it("builds keys", () => {
    expect(evaluateKey("event.data.id", scope)).toBe("a1");
    expect(evaluateKey('event.data.id + "-" + async.data.other', scope)).toBe("a1-x");
    expect(evaluateKey('"global"', scope)).toBe("global");
    expect(evaluateKey('event.data.id + "-" + string(event.data.count)', scope)).toBe("a1-3");
  });
  it("refuses unsupported syntax instead of guessing", () => {
    expect(() => evaluate("event.data.items.exists(x, x > 1)", scope)).toThrow(/Unsupported|Unexpected/);
  });
});

describe("cron", () => {
  it("finds the next minute, hour and weekday", () => {
    expect(nextCronTime(parseCron("* * * * *"), new Date("2026-03-02T10:15:30Z")).toISOString()).toBe("2026-03-02T10:16:00.000Z");
    expect(nextCronTime(parseCron("17 * * * *"), new Date("2026-03-02T10:17:00Z")).toISOString()).toBe("2026-03-02T11:17:00.000Z");
    // Monday 09:00 in Paris: 08:00 UTC in winter.
    expect(nextCronTime(parseCron("TZ=Europe/Paris 0 9 * * 1"), new Date("2026-03-03T12:00:00Z")).toISOString()).toBe(
      "2026-03-09T08:00:00.000Z",
    );
    expect(nextCronTime(parseCron("*/15 9-17 * * 1-5"), new Date("2026-03-06T17:50:00Z")).toISOString()).toBe(
      "2026-03-09T09:00:00.000Z",
    );
  });
  it("keeps local time across a daylight-saving change", () => {
    // Paris moves to summer time on 2026-03-29: 09:00 local is then 07:00 UTC.
    expect(nextCronTime(parseCron("TZ=Europe/Paris 0 9 * * *"), new Date("2026-03-28T09:00:00Z")).toISOString()).toBe(
      "2026-03-29T07:00:00.000Z",
    );
  });
  it("explains invalid schedules", () => {
    expect(() => parseCron("61 * * * *")).toThrow(/minute/);
    expect(() => parseCron("* * *")).toThrow(/five fields/);
  });
});
