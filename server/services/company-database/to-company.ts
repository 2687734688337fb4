// A company row as a search result: the spec's Company search result (integer id, `linkedinUrl`,
// funding and revenue grouped), amounts as numbers and dates as YYYY-MM-DD.
import { Prisma } from "../../db/generated/client";
import { HEADCOUNT_RANGES, type TCompany, type THeadcountRange } from "../../schemas/company-database";

/** The columns a result needs, for raw queries over `"Company" c` (never the search vector). */
export const COMPANY_RESULT_COLUMNS = Prisma.sql`c.id, c.name, c.domain, c.website, c."linkedinUrl", c.description, c."companyType",
  c.industry, c.industries, c.headcount, c."headcountRange", c."headcountGrowth12m", c.followers, c.openings, c."yearFounded",
  c.country, c.region, c.city, c."fundingTotalUsd", c."lastRoundUsd", c."lastRoundType", c."lastRoundDate", c.investors,
  c.technologies, c."revenueMinUsd", c."revenueMaxUsd"`;

export interface CompanyResultRow {
  id: number;
  name: string;
  domain: string | null;
  website: string | null;
  linkedinUrl: string | null;
  description: string | null;
  companyType: string | null;
  industry: string | null;
  industries: string[] | null;
  headcount: number | null;
  headcountRange: string | null;
  headcountGrowth12m: number | null;
  followers: number | null;
  openings: number | null;
  yearFounded: number | null;
  country: string | null;
  region: string | null;
  city: string | null;
  fundingTotalUsd: bigint | number | null;
  lastRoundUsd: bigint | number | null;
  lastRoundType: string | null;
  lastRoundDate: Date | string | null;
  investors: string[] | null;
  technologies: string[] | null;
  revenueMinUsd: bigint | number | null;
  revenueMaxUsd: bigint | number | null;
}

/**
 * The result of a company row. `industriesFilter` (the search's `filters.industries`) names the
 * industry it matched by: the first of its industries (the main one first) among the filter's values.
 */
export function toCompany(row: CompanyResultRow, industriesFilter?: readonly string[]): TCompany {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    website: row.website,
    linkedinUrl: row.linkedinUrl,
    description: row.description,
    companyType: row.companyType,
    industry: row.industry,
    industries: row.industries ?? [],
    matchedIndustry: matchedIndustry(row.industries ?? [], industriesFilter),
    headcountRange: headcountRange(row.headcountRange),
    country: row.country,
    headquarters: headquarters(row),
    yearFounded: row.yearFounded,
    headcount: row.headcount,
    headcountGrowth12m: row.headcountGrowth12m,
    followers: row.followers,
    openings: row.openings,
    funding: {
      totalUsd: usd(row.fundingTotalUsd),
      lastRoundUsd: usd(row.lastRoundUsd),
      lastRoundType: row.lastRoundType,
      lastRoundDate: isoDate(row.lastRoundDate),
      investors: row.investors ?? [],
    },
    estimatedRevenue: { minUsd: usd(row.revenueMinUsd), maxUsd: usd(row.revenueMaxUsd) },
    technologies: row.technologies ?? [],
  };
}

/** The first industry among the filter's values (compared as the filter compares them, in lower case). */
export function matchedIndustry(industries: readonly string[], industriesFilter: readonly string[] | undefined): string | null {
  if (!industriesFilter?.length) return null;
  const wanted = new Set(industriesFilter.map((value) => value.toLowerCase()));
  return industries.find((industry) => wanted.has(industry)) ?? null;
}

/** "city, region, country" of what is known; a part equal to the one before is said once (Berlin, Berlin). */
export function headquarters(row: Pick<CompanyResultRow, "city" | "region" | "country">): string | null {
  const parts: string[] = [];
  for (const part of [row.city, row.region, row.country]) {
    const text = part?.trim();
    if (text && text.toLowerCase() !== parts[parts.length - 1]?.toLowerCase()) parts.push(text);
  }
  return parts.length ? parts.join(", ") : null;
}

/** A date column as YYYY-MM-DD (the driver gives a Date at UTC midnight, or the text). */
export function isoDate(value: Date | string | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10);
}

function usd(value: bigint | number | null): number | null {
  return value === null ? null : Number(value);
}

function headcountRange(value: string | null): THeadcountRange | null {
  return (HEADCOUNT_RANGES as readonly string[]).includes(value ?? "") ? (value as THeadcountRange) : null;
}
