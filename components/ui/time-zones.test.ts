import { describe, expect, it } from "vitest";
import { allTimeZones, filterTimeZones } from "./time-zones";

const ZONES = ["UTC", "America/New_York", "America/Los_Angeles", "Europe/Paris", "Europe/Berlin", "Asia/Tokyo"];

describe("filterTimeZones", () => {
  it("matches every word, ignoring case and underscores, and keeps the selected zone", () => {
    expect(filterTimeZones(ZONES, "new york", "UTC")).toEqual(["UTC", "America/New_York"]);
    expect(filterTimeZones(ZONES, "PARIS", "Europe/Paris")).toEqual(["Europe/Paris"]);
    expect(filterTimeZones(ZONES, "america los", "Asia/Tokyo")).toEqual(["Asia/Tokyo", "America/Los_Angeles"]);
    expect(filterTimeZones(ZONES, "  ", "UTC")).toEqual(ZONES);
  });
});

describe("allTimeZones", () => {
  it("lists the IANA zones, UTC first, keeping a current zone the list may lack", () => {
    const zones = allTimeZones("Etc/Unknown");
    expect(zones[0]).toBe("UTC");
    expect(zones).toContain("Europe/Paris");
    expect(zones).toContain("Etc/Unknown");
    expect(new Set(zones).size).toBe(zones.length);
  });
});
