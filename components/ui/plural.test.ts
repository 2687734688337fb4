import { describe, expect, it } from "vitest";
import { plural } from "./plural";

describe("plural", () => {
  it("uses the singular for one and the plural for every other count", () => {
    expect(plural(1, "event")).toBe("1 event");
    expect(plural(2, "event")).toBe("2 events");
    expect(plural(0, "lead")).toBe("0 leads");
    expect(plural(-1, "day")).toBe("-1 day");
  });

  it("takes an irregular plural, and writes the count as the rest of the dashboard does", () => {
    expect(plural(1, "reply", "replies")).toBe("1 reply");
    expect(plural(3, "reply", "replies")).toBe("3 replies");
    expect(plural(12_500, "lead")).toBe("12500 leads");
  });
});
