import { describe, expect, it } from "vitest";
import { analyticsHref, breakdownNeedsCampaign, customPeriodProblem, DEFAULT_VIEW, exportFileName, filterOf, leadsHref, leadsQuery, leadsViewFromParams, viewFromParams } from "./analytics-params";

const params = (query: string) => new URLSearchParams(query);

describe("viewFromParams", () => {
  it("reads the default view from an empty address, and writes it back as /analytics", () => {
    expect(viewFromParams(params(""))).toEqual(DEFAULT_VIEW);
    expect(analyticsHref(DEFAULT_VIEW)).toBe("/analytics");
  });

  it("reads a preset, the filters and the breakdown, and writes them back", () => {
    const view = viewFromParams(params("period=7d&campaignId=cmp_1&senderId=acc_1&mailboxId=mbx_1&by=step"));
    expect(view).toEqual({ period: "7d", from: "", to: "", campaignId: "cmp_1", senderId: "acc_1", mailboxId: "mbx_1", by: "step" });
    expect(analyticsHref(view)).toBe("/analytics?period=7d&campaignId=cmp_1&senderId=acc_1&mailboxId=mbx_1&by=step");
    expect(filterOf(view)).toEqual({ period: "7d", campaignId: "cmp_1", senderId: "acc_1", mailboxId: "mbx_1" });
  });

  it("reads a custom period, which wins over a preset", () => {
    const view = viewFromParams(params("period=7d&from=2026-11-01&to=2026-11-30"));
    expect(view).toMatchObject({ period: "custom", from: "2026-11-01", to: "2026-11-30" });
    expect(filterOf(view)).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(analyticsHref(view)).toBe("/analytics?from=2026-11-01&to=2026-11-30");
  });

  it("falls back to the default on anything unknown or impossible", () => {
    expect(viewFromParams(params("period=12d")).period).toBe("30d");
    expect(viewFromParams(params("from=2026-11-30&to=2026-11-01")).period).toBe("30d");
    expect(viewFromParams(params("from=2026-02-30&to=2026-03-01")).period).toBe("30d");
    expect(viewFromParams(params("from=2026-11-01")).period).toBe("30d");
    expect(viewFromParams(params("by=everything")).by).toBe("campaign");
    // Steps and variants are of one campaign: their tab asks for one.
    expect(breakdownNeedsCampaign(viewFromParams(params("by=variant")))).toBe(true);
    expect(breakdownNeedsCampaign(viewFromParams(params("by=variant&campaignId=cmp_1")))).toBe(false);
  });
});

describe("customPeriodProblem", () => {
  it("says what is wrong with a custom period, in words", () => {
    expect(customPeriodProblem("", "2026-11-01")).toBe("Choose a first and a last day.");
    expect(customPeriodProblem("2026-11-02", "2026-11-01")).toBe("The last day comes before the first.");
    expect(customPeriodProblem("2024-01-01", "2026-01-01")).toBe("A period is at most 366 days.");
    expect(customPeriodProblem("2026-11-01", "2026-11-01")).toBeNull();
  });
});

describe("the leads behind a number", () => {
  const view = { ...DEFAULT_VIEW, period: "7d" as const, by: "sender" as const };

  it("links a card's number to its leads in the view", () => {
    expect(leadsHref(view, "replied")).toBe("/analytics/leads?period=7d&metric=replied");
  });

  it("narrows the view to a breakdown row", () => {
    const row = { key: "cmp_1", name: "Founders", campaignId: "cmp_1", stepId: null, variantId: null };
    expect(leadsHref(view, "replied", { ...row, by: "campaign" })).toBe("/analytics/leads?period=7d&metric=replied&campaignId=cmp_1&of=Founders");
    const variant = { by: "variant" as const, key: "stp_1:b", name: "Step 2 · Message · B", campaignId: "cmp_1", stepId: "stp_1", variantId: "b" };
    const href = leadsHref({ ...view, campaignId: "cmp_1" }, "positive", variant)!;
    expect(href).toBe("/analytics/leads?period=7d&campaignId=cmp_1&metric=positive&stepId=stp_1&variantId=b&of=Step+2+%C2%B7+Message+%C2%B7+B");
    const leads = leadsViewFromParams(new URL(href, "http://herald.test").searchParams)!;
    expect(leads).toMatchObject({ metric: "positive", stepId: "stp_1", variantId: "b", of: "Step 2 · Message · B" });
    expect(leadsQuery(leads, { limit: 50, offset: 0 })).toEqual({ period: "7d", campaignId: "cmp_1", metric: "positive", stepId: "stp_1", variantId: "b", limit: 50, offset: 0 });
  });

  it("does not link the leads without a sender or mailbox, which no filter singles out", () => {
    expect(leadsHref(view, "replied", { by: "sender", key: "", name: "No sender", campaignId: null, stepId: null, variantId: null })).toBeNull();
    // A removed mailbox: its id names nothing the leads list could filter by.
    expect(leadsHref(view, "replied", { by: "mailbox", key: "mbx_gone", name: "A removed mailbox", campaignId: null, stepId: null, variantId: null, removed: true })).toBeNull();
  });

  it("reads no leads view without a known figure", () => {
    expect(leadsViewFromParams(params("metric=everything"))).toBeNull();
  });
});

it("names the export after its period", () => {
  expect(exportFileName({ from: "2026-11-05", to: "2026-12-04" })).toBe("herald-analytics-2026-11-05-2026-12-04.csv");
});
