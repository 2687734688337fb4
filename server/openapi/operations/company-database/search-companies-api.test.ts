// POST /api/v1/database/companies/search with an API key: pages through with the cursor, charges the
// workspace one credit per result, and answers 400 naming the field and 402 with balance and cost.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import type { Actor } from "@/server/lib/actor";
import { ZCompanySearchResult } from "@/server/schemas/company-database";
import { generateCompanyData } from "@/server/services/company-database/generate-company-data";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";
import { countSearchesExactly } from "@/server/test/exact-search-counts";

countSearchesExactly();

const PATH = "/database/companies/search";
let actor: Actor;
let key: string;

beforeAll(async () => {
  await generateCompanyData({ seed: "search-api", companies: 300, people: 0, refreshValues: false });
  ({ actor } = await createTestWorkspace());
  ({ key } = await createTestApiKey(actor));
});

const setBalance = (balance: number) => db.workspace.update({ where: { id: actor.workspaceId }, data: { aiCreditBalance: balance } });
const search = (body: unknown) => callApi("POST", PATH, { key, body });

describe("POST /database/companies/search", () => {
  it("pages through every match with the cursor, one credit per result", async () => {
    await setBalance(1000);
    const filters = { continents: ["europe"] };
    const total = await db.company.count({ where: { continent: "europe" } });
    const ids: number[] = [];
    let cursor: string | undefined;
    let spent = 0;
    do {
      const page = await search({ filters, sort: { key: "name", dir: "desc" }, limit: 25, cursor });
      expect(page.status).toBe(200);
      const body = ZCompanySearchResult.parse(page.body);
      expect(body.paging).toMatchObject({ totalCount: total, totalCountIsEstimate: false });
      spent += body.creditsCharged;
      expect(body.credits).toEqual({ charged: body.data.length, alreadyPaid: 0, balance: 1000 - spent });
      ids.push(...body.data.map((company) => company.id));
      cursor = body.paging.nextCursor ?? undefined;
    } while (cursor);
    expect(ids.length).toBe(total);
    expect(new Set(ids).size).toBe(total);
    expect(spent).toBe(total);
    const names = (await db.company.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((row) => [row.id, row.name.toLowerCase()] as const);
    const expected = [...names].sort(([idA, a], [idB, b]) => (a === b ? idB - idA : a < b ? 1 : -1)).map(([id]) => id);
    expect(ids).toEqual(expected);
  });

  it("answers 400 naming the field", async () => {
    await setBalance(1000);
    const first = await search({ filters: { countries: ["united states"] }, limit: 2 });
    const cases: Array<[unknown, string, string?]> = [
      [{ filters: { countries: ["germany"], employees: 5 } }, "filters", "`employees`"],
      [{ filters: {} }, "filters"],
      [{}, "filters"],
      [{ filters: { minHeadcount: 1 }, sort: { key: "size" } }, "sort.key"],
      [{ filters: { minHeadcount: 1 }, limit: 0 }, "limit"],
      [{ filters: { minHeadcount: 1 }, limit: 101 }, "limit"],
      [{ filters: { minHeadcount: 10, maxHeadcount: 5 } }, "filters.maxHeadcount"],
      [{ filters: { minHeadcount: 1 }, cursor: "not-a-cursor" }, "cursor"],
      [{ filters: { countries: ["france"] }, limit: 2, cursor: first.body!.paging.nextCursor }, "cursor"],
    ];
    for (const [body, field, named] of cases) {
      const refused = await search(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body!.error.code).toBe("invalid-input");
      expect(refused.body!.error.details.fields.map((issue: { field: string }) => issue.field)).toEqual([field]);
      if (named) expect(refused.body!.error.message).toContain(named);
    }
    expect((await db.workspace.findUniqueOrThrow({ where: { id: actor.workspaceId } })).aiCreditBalance).toBe(998);
  });

  it("answers 402 with the balance and the cost, and debits nothing", async () => {
    await setBalance(3);
    const before = await db.aiCreditLedgerEntry.count({ where: { workspaceId: actor.workspaceId } });
    // Asia: the workspace paid for the companies of Europe and two of North America above, which would cost nothing now.
    const refused = await search({ filters: { continents: ["asia"] }, limit: 20 });
    expect(refused.status).toBe(402);
    expect(refused.body!.error).toMatchObject({ code: "insufficient-credits", details: { balance: 3, cost: 20 } });
    expect((await db.workspace.findUniqueOrThrow({ where: { id: actor.workspaceId } })).aiCreditBalance).toBe(3);
    expect(await db.aiCreditLedgerEntry.count({ where: { workspaceId: actor.workspaceId } })).toBe(before);
    expect(await search({ filters: { continents: ["asia"] }, limit: 3 })).toMatchObject({ status: 200, body: { creditsCharged: 3, credits: { charged: 3, balance: 0 } } });
    // The same companies again cost nothing, even with the balance at 0.
    expect(await search({ filters: { continents: ["asia"] }, limit: 3 })).toMatchObject({ status: 200, body: { creditsCharged: 0, credits: { alreadyPaid: 3, balance: 0 } } });
  });

  it("needs an API key", async () => {
    expect((await callApi("POST", PATH, { body: { filters: { minHeadcount: 1 } } })).status).toBe(401);
  });
});
