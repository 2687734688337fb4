// Filter values handed out the company database's names for free: `{"field": "name", "limit": 50}`
// with no query listed the 50 most common, and walking prefixes listed them all. Facets stay free;
// the two fields of company names only complete a query of 3 characters or more, with at most 10
// names, and 60 lookups a minute per person, whatever the workspace (the injectable clock opens the next minute).
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { ManualClock, setClock, systemClock } from "../../lib/clock";
import { NAME_LOOKUPS_PER_MINUTE } from "../../schemas/company-database";
import { createTestWorkspace } from "../../test/factories";
import { suggestFilterValues } from "./suggest-filter-values";

type Actor = Awaited<ReturnType<typeof createTestWorkspace>>["actor"];
let actor: Actor;

beforeAll(async () => {
  const names = Array.from({ length: 120 }, (_, n) => `Acme Holdings ${n.toString().padStart(3, "0")}`);
  await db.databaseFilterValue.createMany({
    data: [
      ...names.map((value, n) => ({ scope: "companies", field: "name", value, count: 1 + (n % 3) })),
      ...names.map((value) => ({ scope: "people", field: "company", value, count: 4 })),
      ...Array.from({ length: 30 }, (_, n) => ({ scope: "companies", field: "industry", value: `industry ${n}`, count: n + 1 })),
    ],
  });
  ({ actor } = await createTestWorkspace());
});
afterEach(() => setClock(systemClock));

describe("company names among the filter values", () => {
  it("answers no names for an empty or short query, on both fields", async () => {
    for (const [type, field] of [["companies", "name"], ["people", "company"]] as const) {
      for (const query of ["", "  ", "a", "ac"]) {
        expect((await suggestFilterValues(actor, { type, field, query, limit: 50 })).data).toEqual([]);
      }
    }
  });

  it("completes a query of 3 characters or more with at most 10 names, whatever the limit", async () => {
    const { data } = await suggestFilterValues(actor, { type: "companies", field: "name", query: "acm", limit: 50 });
    expect(data).toHaveLength(10);
    expect(data.every((row) => row.value.startsWith("Acme Holdings") && row.match === "prefix")).toBe(true);
    const people = await suggestFilterValues(actor, { type: "people", field: "company", query: "Acme Holdings 04", limit: 50 });
    expect(people.data.map((row) => row.value)).toEqual(Array.from({ length: 10 }, (_, n) => `Acme Holdings 04${n}`));
  });

  it("leaves the facets free: lists without a query and the whole limit", async () => {
    const industries = await suggestFilterValues(actor, { type: "companies", field: "industry", limit: 25 });
    expect(industries.data).toHaveLength(25);
    expect(industries.data[0]).toEqual({ value: "industry 29", count: 30, match: "all" });
  });

  it("allows 60 name lookups a minute per person, then 429 with the wait, in their other workspaces too, other people unaffected", async () => {
    const clock = new ManualClock("2026-03-02T09:00:10Z");
    setClock(clock);
    const { actor: busy } = await createTestWorkspace();
    for (let n = 0; n < NAME_LOOKUPS_PER_MINUTE; n++) await suggestFilterValues(busy, { type: "companies", field: "name", query: `acme holdings ${n}` });
    await expect(suggestFilterValues(busy, { type: "people", field: "company", query: "acme" })).rejects.toMatchObject({
      status: 429,
      code: "rate-limited",
      message: expect.stringContaining("company name lookups"),
      retryAfterSeconds: 60,
    });
    // Facets are not counted; a new workspace of the same person brings no new allowance, another
    // person has their own.
    expect((await suggestFilterValues(busy, { type: "companies", field: "industry", query: "ind" })).data.length).toBeGreaterThan(0);
    const { actor: other } = await createTestWorkspace();
    await expect(suggestFilterValues({ ...busy, workspaceId: other.workspaceId }, { type: "companies", field: "name", query: "acme" })).rejects.toMatchObject({ status: 429 });
    expect((await suggestFilterValues(other, { type: "companies", field: "name", query: "acme" })).data).toHaveLength(10);
    clock.advance(60_000);
    expect((await suggestFilterValues(busy, { type: "companies", field: "name", query: "acme" })).data).toHaveLength(10);
  });
});
