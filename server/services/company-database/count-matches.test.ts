import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { resetEnv } from "../../env";
import type { Actor } from "../../lib/actor";
import { createTestWorkspace } from "../../test/factories";
import { generateCompanyData } from "./generate-company-data";
import { searchCompanies } from "./search-companies";

let actor: Actor;
const countries = async (country: string) => db.company.count({ where: { country } });

beforeAll(async () => {
  await generateCompanyData({ seed: "counting", companies: 1500, people: 0 });
  await db.$executeRawUnsafe(`ANALYZE "Company"`);
  ({ actor } = await createTestWorkspace());
  await db.workspace.update({ where: { id: actor.workspaceId }, data: { aiCreditBalance: 100_000 } });
});

afterEach(() => {
  delete process.env.HERALD_SEARCH_EXACT_COUNT_UP_TO;
  resetEnv();
});

function exactUpTo(value: number) {
  process.env.HERALD_SEARCH_EXACT_COUNT_UP_TO = String(value);
  resetEnv();
}

describe("totalCount", () => {
  it("counts exactly when PostgreSQL expects no more than the setting", async () => {
    exactUpTo(1000);
    const result = await searchCompanies(actor, { filters: { countries: ["united kingdom"] }, limit: 10 });
    expect(result.paging).toEqual({ nextCursor: expect.any(String), totalCount: await countries("united kingdom"), totalCountIsEstimate: false });
  });

  it("is PostgreSQL's estimate, flagged, for a broad search above the setting", async () => {
    exactUpTo(100);
    const actual = await countries("united states");
    expect(actual).toBeGreaterThan(300);
    const result = await searchCompanies(actor, { filters: { countries: ["united states"] }, limit: 10 });
    expect(result.paging.totalCountIsEstimate).toBe(true);
    // The planner's estimate from fresh statistics: near the truth, never below what counting stops at.
    expect(result.paging.totalCount).toBeGreaterThan(100);
    expect(Math.abs(result.paging.totalCount - actual) / actual).toBeLessThan(0.25);
    // Later pages say the same.
    const next = await searchCompanies(actor, { filters: { countries: ["united states"] }, limit: 10, cursor: result.paging.nextCursor! });
    expect(next.paging.totalCountIsEstimate).toBe(true);
  });

  it("is exact from the first page alone when every match fits on it, whatever the setting", async () => {
    exactUpTo(0);
    const result = await searchCompanies(actor, { filters: { countries: ["nigeria"], minHeadcount: 50 }, limit: 100 });
    const expected = await db.company.count({ where: { country: "nigeria", headcount: { gte: 50 } } });
    expect(expected).toBeLessThan(100);
    expect(result.data).toHaveLength(expected);
    expect(result.paging).toEqual({ nextCursor: null, totalCount: expected, totalCountIsEstimate: false });
  });

  it("with counting turned off, a full page is an estimate that is never below the rows already seen", async () => {
    exactUpTo(0);
    const result = await searchCompanies(actor, { filters: { countries: ["nigeria"] }, limit: 5 });
    expect(result.paging.totalCountIsEstimate).toBe(true);
    expect(result.paging.totalCount).toBeGreaterThanOrEqual(6);
  });
});
