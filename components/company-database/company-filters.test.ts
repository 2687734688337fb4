import { describe, expect, it } from "vitest";
import { parseCsv } from "@/components/lead-imports/csv";
import { ZCompanyFilters, type TCompany } from "@/server/schemas/company-database";
import { emptyDraft, parseAmount, readDraft } from "./company-filters";
import { companiesToCsv, formatGrowth, formatTotal, formatUsd } from "./company-format";

describe("the filter sidebar's draft", () => {
  it("asks for nothing while nothing is chosen", () => {
    expect(readDraft(emptyDraft())).toEqual({ filters: null, errors: {}, count: 0 });
  });

  it("turns chips, checkboxes and ranges into filters the search accepts", () => {
    const draft = emptyDraft();
    draft.keywords = "  payroll  ";
    draft.lists.industries = ["computer software"];
    draft.lists.countries = ["united states", "canada"];
    draft.headcountRanges = ["11-50", "51-200"];
    draft.lastRoundTypes = ["series_a"];
    draft.ranges.headcount = { min: "20", max: "1,000" };
    draft.ranges.growth = { min: "-5", max: "" };
    draft.ranges.totalFunding = { min: "2.5M", max: "" };
    draft.ranges.founded = { min: "2010", max: "2020" };
    draft.lastRoundDate = { min: "2023-01-01", max: "" };
    draft.hiring = true;
    const { filters, errors, count } = readDraft(draft);
    expect(errors).toEqual({});
    expect(filters).toEqual({
      keywords: "payroll",
      industries: ["computer software"],
      countries: ["united states", "canada"],
      headcountRanges: ["11-50", "51-200"],
      lastRoundTypes: ["series_a"],
      minHeadcount: 20,
      maxHeadcount: 1000,
      minHeadcountGrowth: -5,
      minTotalFundingUsd: 2_500_000,
      minYearFounded: 2010,
      maxYearFounded: 2020,
      minLastRoundDate: "2023-01-01",
      minOpenings: 1,
    });
    expect(count).toBe(13);
    expect(ZCompanyFilters.safeParse(filters).success).toBe(true);
  });

  it("says in plain words what is wrong with a range, and leaves it out", () => {
    const draft = emptyDraft();
    draft.lists.industries = ["banking"];
    draft.ranges.headcount = { min: "ten", max: "" };
    draft.ranges.founded = { min: "2020", max: "2010" };
    draft.ranges.growth = { min: "-150", max: "" };
    draft.ranges.revenue = { min: "", max: "12.5" };
    draft.lastRoundDate = { min: "30/06/2024", max: "" };
    draft.minFollowers = "1.5";
    const { filters, errors } = readDraft(draft);
    expect(errors).toEqual({
      headcount: "From: Enter a whole number, such as 50.",
      founded: "The first number is larger than the second: nothing would match.",
      growth: "From: A company cannot shrink by more than 100%.",
      lastRoundDate: "Enter dates such as 2024-06-30.",
      minFollowers: "Enter a whole number, such as 50.",
    });
    expect(filters).toEqual({ industries: ["banking"], maxRevenueUsd: 13 });
  });

  it("reads amounts as people type them", () => {
    expect(parseAmount("250k")).toBe(250_000);
    expect(parseAmount("$1,500")).toBe(1500);
    expect(parseAmount("1.2B")).toBe(1_200_000_000);
    expect(parseAmount("-10")).toBe(-10);
    expect(parseAmount("lots")).toBeNull();
  });
});

const company: TCompany = {
  id: 7,
  name: 'Acme "Rockets", Inc.',
  domain: "acme.example",
  website: "https://www.acme.example",
  linkedinUrl: null,
  description: "Line one\nline two",
  companyType: "private",
  industry: "aviation & aerospace",
  industries: ["aviation & aerospace", "defense"],
  matchedIndustry: null,
  headcountRange: "51-200",
  country: "united states",
  headquarters: "=cmd|' /C calc'!A0",
  yearFounded: 2015,
  headcount: 120,
  headcountGrowth12m: -3.5,
  followers: 4000,
  openings: 2,
  funding: { totalUsd: 12_000_000, lastRoundUsd: 8_000_000, lastRoundType: "series_a", lastRoundDate: "2024-03-01", investors: ["Sequoia", "Accel"] },
  estimatedRevenue: { minUsd: 5_000_000, maxUsd: null },
  technologies: [],
};

describe("the CSV export", () => {
  it("quotes commas, quotes and line breaks, and defuses formulas", () => {
    const csv = companiesToCsv([company]);
    const { rows } = parseCsv(csv);
    expect(rows).toHaveLength(2);
    const header = rows[0]!;
    const row = Object.fromEntries(header.map((name, index) => [name, rows[1]![index]]));
    expect(row.Name).toBe('Acme "Rockets", Inc.');
    expect(row.Description).toBe("Line one\nline two");
    // Written as the page shows it, and defused.
    expect(row.Headquarters).toBe("'=Cmd|' /C Calc'!A0");
    expect(row["Headcount growth 12 months (%)"]).toBe("-3.5");
    expect(row.Investors).toBe("Sequoia; Accel");
    expect(row.LinkedIn).toBe("");
    expect(row["Company id"]).toBe("7");
  });
});

describe("numbers on the page", () => {
  it("words amounts, growth and totals", () => {
    expect(formatUsd(2_500_000)).toBe("$2.5M");
    expect(formatUsd(750_000)).toBe("$750K");
    expect(formatUsd(null)).toBe("—");
    expect(formatGrowth(12.345)).toBe("+12.3%");
    expect(formatGrowth(-3)).toBe("-3%");
    expect(formatTotal(12_400, true)).toBe("about 12,400");
    expect(formatTotal(312, false)).toBe("312");
  });
});
