// Results a workspace paid for in the last 24 hours are free to see again: a re-sort, the same search
// again, another search that overlaps; also when identical searches run at once (charged once, never
// twice, never zero times), and a refused page leaves nothing counted as paid.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { ManualClock, setClock, systemClock } from "../../lib/clock";
import { isHeraldError } from "../../lib/errors";
import { countSearchesExactly } from "../../test/exact-search-counts";
import { createTestWorkspace } from "../../test/factories";
import { PAID_RESULT_WINDOW_MS } from "../../schemas/company-database";
import { chargeSearchResults } from "./charge-search-results";
import { generateCompanyData } from "./generate-company-data";
import { searchCompanies } from "./search-companies";
import { searchPeople } from "./search-people";

countSearchesExactly();

let clock: ManualClock;
beforeAll(async () => {
  await generateCompanyData({ seed: "paid", companies: 600, people: 600, refreshValues: false });
}, 120_000);
beforeEach(() => {
  clock = new ManualClock(Date.UTC(2026, 5, 1, 9));
  setClock(clock);
});
afterEach(() => setClock(systemClock));

async function workspaceWith(balance: number) {
  const { actor } = await createTestWorkspace();
  await db.workspace.update({ where: { id: actor.workspaceId }, data: { aiCreditBalance: balance } });
  return actor;
}
const balanceOf = async (workspaceId: string) => (await db.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).aiCreditBalance;
const ledgerOf = (workspaceId: string) => db.aiCreditLedgerEntry.findMany({ where: { workspaceId }, orderBy: { createdAt: "asc" } });
const ids = (page: { data: Array<{ id: number }> }) => page.data.map((row) => row.id);

describe("results already paid for", () => {
  const filters = { countries: ["germany"] };

  it("are free when the same companies come back sorted otherwise, or from the same search again", async () => {
    const owner = await workspaceWith(1000);
    const first = await searchCompanies(owner, { filters, limit: 100 });
    const found = first.data.length;
    expect(first.paging.nextCursor).toBeNull();
    expect(found).toBeGreaterThan(5);
    expect(first.creditsCharged).toBe(found);

    const resorted = await searchCompanies(owner, { filters, sort: { key: "name", dir: "asc" }, limit: 100 });
    expect(ids(resorted)).not.toEqual(ids(first));
    expect(new Set(ids(resorted))).toEqual(new Set(ids(first)));
    expect(resorted.creditsCharged).toBe(0);
    expect(resorted.credits).toEqual({ charged: 0, alreadyPaid: found, balance: 1000 - found });

    const again = await searchCompanies(owner, { filters, limit: 100 });
    expect(again.credits).toEqual({ charged: 0, alreadyPaid: found, balance: 1000 - found });
    expect(await balanceOf(owner.workspaceId)).toBe(1000 - found);
    // Only the search that charged wrote a ledger row.
    expect((await ledgerOf(owner.workspaceId)).map((entry) => entry.amount)).toEqual([-found]);
  });

  it("charge only the new results of a search that overlaps, and say so in the ledger", async () => {
    const owner = await workspaceWith(1000);
    const small = await searchCompanies(owner, { filters, limit: 3 });
    expect(small.creditsCharged).toBe(3);
    const larger = await searchCompanies(owner, { filters, limit: 10 });
    expect(ids(larger).slice(0, 3)).toEqual(ids(small));
    expect(larger.credits).toEqual({ charged: 7, alreadyPaid: 3, balance: 990 });
    const ledger = await ledgerOf(owner.workspaceId);
    expect(ledger.map(({ amount, reference, reason }) => ({ amount, reference, reason }))).toEqual([
      { amount: -3, reference: "Company search: 3 new companies", reason: "company-search" },
      { amount: -7, reference: "Company search: 7 new companies, 3 already paid for in the last 24 hours", reason: "company-search" },
    ]);
  });

  it("are charged again once 24 hours have passed since they were paid for", async () => {
    const owner = await workspaceWith(1000);
    await searchCompanies(owner, { filters, limit: 5 });
    clock.advance(PAID_RESULT_WINDOW_MS - 1000);
    expect((await searchCompanies(owner, { filters, limit: 5 })).creditsCharged).toBe(0);
    clock.advance(1000);
    expect((await searchCompanies(owner, { filters, limit: 5 })).credits).toEqual({ charged: 5, alreadyPaid: 0, balance: 990 });
    // Paid again: the window starts over from then.
    clock.advance(PAID_RESULT_WINDOW_MS - 1000);
    expect((await searchCompanies(owner, { filters, limit: 5 })).creditsCharged).toBe(0);
  });

  it("belong to the workspace that paid: another workspace pays for its own", async () => {
    const owner = await workspaceWith(100);
    const other = await workspaceWith(100);
    await searchCompanies(owner, { filters, limit: 5 });
    expect((await searchCompanies(other, { filters, limit: 5 })).credits).toEqual({ charged: 5, alreadyPaid: 0, balance: 95 });
  });

  it("are charged exactly once when ten identical searches run at once", async () => {
    const owner = await workspaceWith(1000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => searchCompanies(owner, { filters, limit: 10 })));
    expect(answers.reduce((sum, answer) => sum + answer.creditsCharged, 0)).toBe(10);
    for (const answer of answers) expect(answer.credits.charged + answer.credits.alreadyPaid).toBe(10);
    expect(await balanceOf(owner.workspaceId)).toBe(990);
    expect((await ledgerOf(owner.workspaceId)).map((entry) => entry.amount)).toEqual([-10]);
    expect(await db.paidDatabaseResult.count({ where: { workspaceId: owner.workspaceId } })).toBe(10);
  });

  it("are charged once, and serve every search, when identical searches run at once on a balance for one page", async () => {
    const owner = await workspaceWith(10);
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => searchCompanies(owner, { filters, limit: 10 })));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(6).fill("fulfilled"));
    expect(await balanceOf(owner.workspaceId)).toBe(0);
  });

  it("are not left paid for by a page the balance could not cover", async () => {
    const owner = await workspaceWith(4);
    const refused = await searchCompanies(owner, { filters, limit: 10 }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isHeraldError(refused) && refused.details).toEqual({ balance: 4, cost: 10 });
    expect(await db.paidDatabaseResult.count({ where: { workspaceId: owner.workspaceId } })).toBe(0);
    // Three of the ten paid for: the refusal names only the seven new ones.
    await searchCompanies(owner, { filters, limit: 3 });
    const stillShort = await searchCompanies(owner, { filters, limit: 10 }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isHeraldError(stillShort) && stillShort.details).toEqual({ balance: 1, cost: 7 });
    await db.workspace.update({ where: { id: owner.workspaceId }, data: { aiCreditBalance: 7 } });
    expect((await searchCompanies(owner, { filters, limit: 10 })).credits).toEqual({ charged: 7, alreadyPaid: 3, balance: 0 });
  });

  it("hold for people searches too, apart from companies of the same id", async () => {
    const owner = await workspaceWith(1000);
    const people = await searchPeople(owner, { filters: { countries: ["germany"] }, limit: 10 });
    expect(people.creditsCharged).toBe(people.data.length);
    expect(people.data.length).toBeGreaterThan(0);
    const resorted = await searchPeople(owner, { filters: { countries: ["germany"] }, sort: { key: "name" }, limit: 10 });
    expect(resorted.credits.charged).toBe(resorted.data.filter((person) => !ids(people).includes(person.id)).length);
    const reference = (await ledgerOf(owner.workspaceId))[0]?.reference;
    expect(reference).toBe(`People search: ${people.data.length} new people`);
    // Companies with the same ids as those people are other results: charged.
    const companies = await chargeSearchResults({ workspaceId: owner.workspaceId, kind: "company", resultIds: ids(people) });
    expect(companies.charged).toBe(people.data.length);
  });
});
