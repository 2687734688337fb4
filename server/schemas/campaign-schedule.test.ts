// A schedule's active hours: HH:MM from 00:00 to 23:59, with "24:00" allowed as `to` only (the end
// of the day, so 00:00–24:00 is open all day); a bad value is refused naming its field.
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../openapi/document";
import { ZSchedule } from "./campaign";

function issues(activeHours: { from: string; to: string }) {
  const result = ZSchedule.safeParse({ activeHours });
  return result.success ? [] : result.error.issues.map((issue) => ({ field: issue.path.join("."), message: issue.message }));
}

describe("ZSchedule active hours", () => {
  it("accepts 24:00 as to: all day is 00:00–24:00", () => {
    expect(ZSchedule.parse({ activeHours: { from: "00:00", to: "24:00" } }).activeHours).toEqual({ from: "00:00", to: "24:00" });
    expect(issues({ from: "18:30", to: "24:00" })).toEqual([]);
    expect(issues({ from: "00:00", to: "23:59" })).toEqual([]);
  });

  it("refuses 24:00 as from, in plain words naming from", () => {
    expect(issues({ from: "24:00", to: "24:00" })).toEqual([
      { field: "activeHours.from", message: "from must be a time between 00:00 and 23:59, such as 09:00 (24:00 is only allowed for to, as the end of the day)" },
    ]);
  });

  it("refuses times after 24:00 as to, naming to", () => {
    for (const to of ["24:01", "25:00", "24:60", "99:99"]) {
      expect(issues({ from: "09:00", to })).toEqual([{ field: "activeHours.to", message: "to must be a time between 00:00 and 24:00, such as 18:00 (24:00 means the end of the day)" }]);
    }
  });

  it("still wants from before to: no window across midnight", () => {
    expect(issues({ from: "19:00", to: "09:00" })).toEqual([{ field: "activeHours.to", message: "from must be before to" }]);
    expect(issues({ from: "00:00", to: "00:00" })).toEqual([{ field: "activeHours.to", message: "from must be before to" }]);
  });

  it("says in the OpenAPI document that 24:00 means the end of the day", () => {
    const schedule = buildOpenApiDocument().components?.schemas?.Schedule as { properties: { activeHours: { properties: Record<string, { description?: string; pattern?: string }> } } };
    const { from, to } = schedule.properties.activeHours.properties;
    expect(to!.description).toMatch(/"24:00" means the end of the day/);
    expect(new RegExp(to!.pattern!).test("24:00")).toBe(true);
    expect(new RegExp(from!.pattern!).test("24:00")).toBe(false);
  });
});
