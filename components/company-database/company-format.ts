// How the Companies page words a company's numbers, and the CSV export of the rows already loaded
// (already paid for, so the export is made in the browser and costs nothing).
import { toCsv } from "@/components/lead-imports/csv";
import type { TCompany } from "@/server/schemas/company-database";
import { ROUND_LABELS, displayValue, type RoundType } from "./company-filters";

/** "$2.5M", "$750K", "$1.2B"; "—" when unknown. */
export function formatUsd(amount: number | null | undefined): string {
  if (amount === null || amount === undefined) return "—";
  const units: Array<[number, string]> = [
    [1e12, "T"],
    [1e9, "B"],
    [1e6, "M"],
    [1e3, "K"],
  ];
  for (const [size, suffix] of units) {
    if (Math.abs(amount) >= size) return `$${Number((amount / size).toFixed(1)).toLocaleString("en")}${suffix}`;
  }
  return `$${amount.toLocaleString("en")}`;
}

/** "+12.5%", "-3%", "—". */
export function formatGrowth(percent: number | null | undefined): string {
  if (percent === null || percent === undefined) return "—";
  return `${percent > 0 ? "+" : ""}${Number(percent.toFixed(1)).toLocaleString("en")}%`;
}

export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined ? "—" : value.toLocaleString("en");
}

export function roundLabel(type: string | null | undefined): string {
  if (!type) return "—";
  return ROUND_LABELS[type as RoundType] ?? displayValue(type);
}

/** "$1M–$5M a year", "—". */
export function formatRevenue(revenue: TCompany["estimatedRevenue"]): string {
  if (revenue.minUsd === null && revenue.maxUsd === null) return "—";
  if (revenue.minUsd !== null && revenue.maxUsd !== null) return `${formatUsd(revenue.minUsd)}–${formatUsd(revenue.maxUsd)} a year`;
  return revenue.minUsd !== null ? `from ${formatUsd(revenue.minUsd)} a year` : `up to ${formatUsd(revenue.maxUsd)} a year`;
}

/** "about 12,400" when the count is PostgreSQL's estimate, "312" when exact. */
export function formatTotal(totalCount: number, estimate: boolean): string {
  return `${estimate ? "about " : ""}${totalCount.toLocaleString("en")}`;
}

/** The address of the company's site: its website, else its domain. */
export function websiteOf(company: Pick<TCompany, "website" | "domain">): string | null {
  if (company.website && /^https?:\/\//i.test(company.website)) return company.website;
  if (company.domain) return `https://${company.domain}`;
  return null;
}

/**
 * A spreadsheet runs a cell that starts with =, +, -, @ (or a tab or carriage return) as a formula:
 * such a text value gets a leading apostrophe, so that opening the export runs nothing. Numbers are
 * written as numbers.
 */
function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const COLUMNS: Array<[string, (company: TCompany) => string | number | null]> = [
  ["Name", (c) => c.name],
  ["Domain", (c) => c.domain],
  ["Website", (c) => c.website],
  ["LinkedIn", (c) => c.linkedinUrl],
  ["Industry", (c) => shown(c.industry)],
  ["Industries", (c) => c.industries.map(displayValue).join("; ")],
  ["Company type", (c) => c.companyType],
  ["Country", (c) => shown(c.country)],
  ["Headquarters", (c) => shown(c.headquarters)],
  ["Employees", (c) => c.headcount],
  ["Employees range", (c) => c.headcountRange],
  ["Headcount growth 12 months (%)", (c) => c.headcountGrowth12m],
  ["Followers", (c) => c.followers],
  ["Job openings", (c) => c.openings],
  ["Founded", (c) => c.yearFounded],
  ["Last round type", (c) => c.funding.lastRoundType],
  ["Last round date", (c) => c.funding.lastRoundDate],
  ["Last round (USD)", (c) => c.funding.lastRoundUsd],
  ["Total funding (USD)", (c) => c.funding.totalUsd],
  ["Investors", (c) => c.funding.investors.map(displayValue).join("; ")],
  ["Revenue from (USD)", (c) => c.estimatedRevenue.minUsd],
  ["Revenue to (USD)", (c) => c.estimatedRevenue.maxUsd],
  ["Technologies", (c) => c.technologies.map(displayValue).join("; ")],
  ["Description", (c) => c.description],
  ["Company id", (c) => c.id],
];

/** A value as the page shows it (the database keeps values lower case). */
function shown(value: string | null): string | null {
  return value === null ? null : displayValue(value);
}

/** The companies as a CSV file (a header row, then one row per company; RFC 4180 quoting). */
export function companiesToCsv(companies: readonly TCompany[]): string {
  return toCsv([COLUMNS.map(([header]) => header), ...companies.map((company) => COLUMNS.map(([, read]) => cell(read(company))))]);
}
