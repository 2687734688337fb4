import { afterEach, expect, it } from "vitest";
import { rowFromJson, timestampFromJson } from "./json-timestamps";

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

it("reads a timestamp column's JSON text as UTC, whatever the host's time zone", () => {
  process.env.TZ = "America/New_York";
  expect(timestampFromJson("2026-11-25T00:43:46.123").toISOString()).toBe("2026-11-25T00:43:46.123Z");
  expect(timestampFromJson("2026-11-25T00:43:46.123Z").toISOString()).toBe("2026-11-25T00:43:46.123Z");
  expect(timestampFromJson("2026-11-25T01:43:46.123+01:00").toISOString()).toBe("2026-11-25T00:43:46.123Z");
});

it("turns the named columns of a JSON row back into Dates and leaves the rest", () => {
  process.env.TZ = "Asia/Tokyo";
  const row = rowFromJson<{ id: string; createdAt: Date; finishedAt: Date | null }>({ id: "cmp_1", createdAt: "2026-03-04T22:30:00", finishedAt: null }, ["createdAt", "finishedAt"]);
  expect(row).toEqual({ id: "cmp_1", createdAt: new Date("2026-03-04T22:30:00Z"), finishedAt: null });
});
