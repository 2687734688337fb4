import { describe, expect, it } from "vitest";
import { isHeraldError } from "../lib/errors";
import { fieldsWithNul, refuseNulCharacters } from "./nul-characters";

describe("NUL characters", () => {
  it("names every string and key that holds one, however deep", () => {
    const body = { name: "a\u0000b", tags: ["ok", "x\u0000"], nested: { ["k\u0000"]: 1, fine: "yes" } };
    expect(fieldsWithNul(body, "body")).toEqual(["body.name", "body.nested.k\u0000", "body.tags.1"]);
    let deep: unknown = "\u0000";
    for (let depth = 0; depth < 100_000; depth++) deep = [deep];
    expect(fieldsWithNul(deep, "body")).toHaveLength(1);
  });

  it("refuses with a 400 naming path, query and body fields", () => {
    let thrown: unknown;
    try {
      refuseNulCharacters({ params: { id: "cmp\u0000" }, query: { status: "\u0000" }, body: { name: "\u0000" } });
    } catch (error) {
      thrown = error;
    }
    expect(isHeraldError(thrown) && thrown.status).toBe(400);
    expect(isHeraldError(thrown) && thrown.details?.fields).toEqual([
      { field: "id", message: "must not contain the NUL character (\\u0000)" },
      { field: "status", message: "must not contain the NUL character (\\u0000)" },
      { field: "body.name", message: "must not contain the NUL character (\\u0000)" },
    ]);
    expect(() => refuseNulCharacters({ params: { id: "cmp_1" }, query: {}, body: { name: "ok" } })).not.toThrow();
  });
});
