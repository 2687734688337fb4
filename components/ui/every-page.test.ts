import { describe, expect, it } from "vitest";
import { fetchEveryPage } from "./every-page";

function pagedList(count: number) {
  const calls: Array<{ limit: number; offset: number }> = [];
  const rows = Array.from({ length: count }, (_value, index) => `row-${index}`);
  const fetchPage = async (paging: { limit: number; offset: number }) => {
    calls.push(paging);
    return { items: rows.slice(paging.offset, paging.offset + paging.limit), total: count };
  };
  return { calls, rows, fetchPage };
}

describe("fetchEveryPage", () => {
  it("reads page after page until every row is in", async () => {
    const list = pagedList(250);
    const result = await fetchEveryPage(list.fetchPage, (page) => page.items);
    expect(result).toEqual({ rows: list.rows, total: 250 });
    expect(list.calls).toEqual([
      { limit: 100, offset: 0 },
      { limit: 100, offset: 100 },
      { limit: 100, offset: 200 },
    ]);
  });

  it("stops after one page when that is all, and on an empty list", async () => {
    const full = pagedList(100);
    expect((await fetchEveryPage(full.fetchPage, (page) => page.items)).rows).toHaveLength(100);
    expect(full.calls).toHaveLength(1);
    const empty = pagedList(0);
    expect(await fetchEveryPage(empty.fetchPage, (page) => page.items)).toEqual({ rows: [], total: 0 });
  });

  it("stops when a page comes back short even if the total said more (rows deleted meanwhile)", async () => {
    const fetchPage = async (paging: { limit: number; offset: number }) => ({ items: paging.offset === 0 ? Array(100).fill("x") : ["y"], total: 500 });
    const result = await fetchEveryPage(fetchPage, (page) => page.items);
    expect(result.rows).toHaveLength(101);
  });
});
