// The credits of a company search: one per result returned with a ledger entry per page, the 402
// that debits nothing, and parallel searches that never overdraw. What a workspace paid for in the
// last 24 hours is free to see again: search-results-paid.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { isHeraldError } from "../../lib/errors";
import { countSearchesExactly } from "../../test/exact-search-counts";
import { createTestWorkspace } from "../../test/factories";
import { generateCompanyData } from "./generate-company-data";
import { searchCompanies } from "./search-companies";

countSearchesExactly();

beforeAll(async () => {
  await generateCompanyData({ seed: "credits", companies: 1000, people: 0, refreshValues: false });
  // Three companies a name prefix finds, for a page smaller than its limit.
  for (const suffix of ["A", "B", "C"]) await db.company.create({ data: { externalId: `credits-unknownco-${suffix}`, name: `Unknownco ${suffix}` } });
}, 120_000);

describe("the credits of a search", () => {
  async function workspaceWith(balance: number) {
    const { actor: owner } = await createTestWorkspace();
    await db.workspace.update({ where: { id: owner.workspaceId }, data: { aiCreditBalance: balance } });
    return owner;
  }
  const balanceOf = async (workspaceId: string) => (await db.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).aiCreditBalance;
  const ledgerOf = (workspaceId: string) => db.aiCreditLedgerEntry.findMany({ where: { workspaceId }, orderBy: { createdAt: "asc" } });

  it("debits one credit per result returned, with a ledger entry per page; an empty page is free", async () => {
    const owner = await workspaceWith(1000);
    const first = await searchCompanies(owner, { filters: { countries: ["italy"] }, limit: 7 });
    expect(first.credits).toEqual({ charged: 7, alreadyPaid: 0, balance: 993 });
    expect(first.creditsCharged).toBe(7);
    const total = first.paging.totalCount;
    const second = await searchCompanies(owner, { filters: { countries: ["italy"] }, limit: 100, cursor: first.paging.nextCursor! });
    expect(second.data.length).toBe(total - 7);
    expect(second.credits).toEqual({ charged: total - 7, alreadyPaid: 0, balance: 1000 - total });
    const empty = await searchCompanies(owner, { filters: { names: ["no such company"] } });
    expect(empty.credits).toEqual({ charged: 0, alreadyPaid: 0, balance: 1000 - total });
    expect(await balanceOf(owner.workspaceId)).toBe(1000 - total);
    const ledger = await ledgerOf(owner.workspaceId);
    expect(ledger.map(({ amount, balanceAfter, reason, reference, createdById }) => ({ amount, balanceAfter, reason, reference, createdById }))).toEqual([
      { amount: -7, balanceAfter: 993, reason: "company-search", reference: "Company search: 7 new companies", createdById: owner.userId },
      { amount: 7 - total, balanceAfter: 1000 - total, reason: "company-search", reference: `Company search: ${total - 7} new companies`, createdById: owner.userId },
    ]);
  });

  it("answers 402 with the balance and the cost, and debits nothing, when the balance cannot cover the page", async () => {
    const owner = await workspaceWith(5);
    const refused = await searchCompanies(owner, { filters: { countries: ["italy"] }, limit: 10 }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isHeraldError(refused) && refused.code).toBe("insufficient-credits");
    expect(isHeraldError(refused) && refused.status).toBe(402);
    expect(isHeraldError(refused) && refused.details).toEqual({ balance: 5, cost: 10 });
    expect(await balanceOf(owner.workspaceId)).toBe(5);
    expect(await ledgerOf(owner.workspaceId)).toEqual([]);
    // A page of fewer results than the limit costs only those.
    const small = await searchCompanies(owner, { filters: { names: ["unknownco"] }, limit: 10 });
    expect(small.credits).toEqual({ charged: 3, alreadyPaid: 0, balance: 2 });
  });

  it("never overdraws when 20 searches of different companies run at once on a balance for some of them", async () => {
    const owner = await workspaceWith(95);
    // Each search finds ten other companies (by their domains), so that none is free for another.
    const companies = await db.company.findMany({ where: { domain: { not: null } }, select: { domain: true }, orderBy: { id: "asc" }, take: 400 });
    const domains = [...new Set(companies.map((company) => company.domain!))].slice(0, 200);
    expect(domains.length).toBe(200);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) => searchCompanies(owner, { filters: { domains: domains.slice(index * 10, index * 10 + 10) }, limit: 10 })),
    );
    const served = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(served.length).toBe(9);
    for (const outcome of refused) expect(isHeraldError(outcome.reason) && outcome.reason.code).toBe("insufficient-credits");
    expect(await balanceOf(owner.workspaceId)).toBe(5);
    const ledger = await ledgerOf(owner.workspaceId);
    expect(ledger.length).toBe(9);
    expect(ledger.reduce((sum, entry) => sum + entry.amount, 0)).toBe(-90);
    expect(served.reduce((sum, outcome) => sum + outcome.value.credits.charged, 0)).toBe(90);
    // Each entry's balance is the one before it less its debit: one after another, never below zero.
    const balancesAfter = ledger.map((entry) => entry.balanceAfter).sort((a, b) => b - a);
    expect(balancesAfter).toEqual([85, 75, 65, 55, 45, 35, 25, 15, 5]);
  });
});
