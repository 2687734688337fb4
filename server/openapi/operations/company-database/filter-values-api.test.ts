// POST /database/filter-values through the route: suggestions with counts, the eight headcount
// ranges, a 400 naming `field` for a field the type does not have, and no credits spent.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { HEADCOUNT_RANGES } from "@/server/schemas/company-database";
import { generateCompanyData } from "@/server/services/company-database/generate-company-data";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";

let key: string;
const post = (body: unknown) => callApi("POST", "/database/filter-values", { key, body });

beforeAll(async () => {
  await generateCompanyData({ seed: "values-api", companies: 60, people: 150 });
  const { actor } = await createTestWorkspace();
  ({ key } = await createTestApiKey(actor));
});

describe("POST /database/filter-values", () => {
  it("suggests values with counts, prefix matches first, companies by default", async () => {
    const response = await post({ field: "country", query: "united" });
    expect(response.status).toBe(200);
    const countries = await db.company.groupBy({ by: ["country"], _count: true, where: { country: { startsWith: "united" } } });
    expect(response.body!.data).toEqual(
      expect.arrayContaining(countries.map((row) => ({ value: row.country, count: row._count, match: "prefix" }))),
    );
    const typo = await post({ type: "people", field: "seniority", query: "manger" });
    expect(typo.body!.data[0]).toMatchObject({ value: "manager", match: "fuzzy" });
  });

  it("answers the closed eight-value set for headcountRange", async () => {
    const response = await post({ type: "people", field: "headcountRange", query: "5" });
    expect(response.status).toBe(200);
    expect(response.body!.data.map((row: { value: string }) => row.value)).toEqual([...HEADCOUNT_RANGES]);
  });

  it("answers 400 naming `field` with the list of fields of the type", async () => {
    const response = await post({ type: "companies", field: "title" });
    expect(response.status).toBe(400);
    expect(response.body!.error.code).toBe("invalid-input");
    expect(response.body!.error.details.fields).toEqual([
      { field: "field", message: "is not a company field; the fields are industry, country, headcountRange, lastRoundType, investor, technology, name" },
    ]);
    const limit = await post({ field: "industry", limit: 500 });
    expect(limit.status).toBe(400);
    expect(limit.body!.error.details.fields[0].field).toBe("limit");
    expect(await db.aiCreditLedgerEntry.count()).toBe(0);
  });
});
