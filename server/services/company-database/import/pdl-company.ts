// A People Data Labs company record (the free company dataset's columns, or the full company schema)
// as a CompanyRecord. The fields read are listed in docs/company-database.md; others are ignored.
import { COMPANY_TYPES, HEADCOUNT_RANGES, ROUND_TYPES, type THeadcountRange } from "../../../schemas/company-database";
import { headcountRangeOf, type CompanyRecord } from "../generator/generate-dataset";
import {
  casedText,
  continentOf,
  day,
  derivedId,
  domainOf,
  first,
  list,
  number,
  objects,
  pick,
  quote,
  RecordProblem,
  text,
  url,
  wholeNumber,
  type RawRecord,
} from "./pdl-values";

const INT_MAX = 2_147_483_647;
const USD_MAX = 1e15;
/** PDL's company types that Herald names otherwise. */
const TYPE_ALIASES: Record<string, string> = { public_subsidiary: "public", non_profit: "nonprofit", education: "educational" };

export function mapPdlCompany(record: RawRecord): CompanyRecord {
  const name = casedText(first(record, "display_name", "name"), 300);
  if (!name) throw new RecordProblem("the company has no name");
  const website = url(first(record, "website"));
  const domain = domainOf(first(record, "website"));
  const linkedinUrl = url(first(record, "linkedin_url"));
  const externalId =
    text(first(record, "id"), { max: 200 }) ?? (linkedinUrl ? derivedId("li", linkedinUrl) : domain ? derivedId("domain", domain) : null);
  if (!externalId) throw new RecordProblem("the company has no id, website or LinkedIn address to tell it apart");

  const headcount = wholeNumber(first(record, "employee_count"), "employee_count", 0, INT_MAX);
  const location = placeOf(record);
  const industry = text(first(record, "industry"), { lower: true, max: 200 });
  const rounds = fundingRounds(record);
  const revenue = revenueRange(first(record, "inferred_revenue"));
  const growth = number(first(record, "employee_growth_rate.12_month", "employee_growth_rate_12_month"), "employee_growth_rate.12_month");
  const type = text(first(record, "type"), { lower: true });
  const stage = text(first(record, "latest_funding_stage"), { lower: true });

  return {
    externalId,
    name,
    domain,
    website,
    linkedinUrl,
    description: text(first(record, "summary", "headline", "description"), { max: 5000 }),
    companyType: type ? oneOf(COMPANY_TYPES, TYPE_ALIASES[type] ?? type) : null,
    industry,
    industries: [...new Set([...(industry ? [industry] : []), ...list(first(record, "industries"), { lower: true })])],
    headcount,
    headcountRange: sizeOf(first(record, "size"), headcount),
    // PDL gives growth as a fraction (0.25 = grew by a quarter); Herald stores percent.
    headcountGrowth12m: growth === null ? null : Math.round(growth * 10000) / 100,
    followers: wholeNumber(first(record, "linkedin_follower_count"), "linkedin_follower_count", 0, INT_MAX),
    openings: openingsOf(first(record, "active_job_postings", "job_openings")),
    yearFounded: wholeNumber(first(record, "founded"), "founded", 1000, 2100, "a year"),
    ...location,
    fundingTotalUsd: usd(first(record, "total_funding_raised"), "total_funding_raised"),
    lastRoundUsd: rounds.lastRoundUsd,
    lastRoundType: stage ? oneOf(ROUND_TYPES, stage) : null,
    lastRoundDate: day(first(record, "last_funding_date"), "last_funding_date") ?? rounds.lastRoundDate,
    investors: rounds.investors,
    technologies: list(first(record, "technologies"), { lower: true }),
    revenueMinUsd: revenue.min,
    revenueMaxUsd: revenue.max,
  };
}

function oneOf<T extends string>(values: readonly T[], value: string): T | null {
  return (values as readonly string[]).includes(value) ? (value as T) : null;
}

function sizeOf(size: unknown, headcount: number | null): THeadcountRange | null {
  const given = text(size)?.replace(/\s/g, "");
  if (given) {
    const range = oneOf(HEADCOUNT_RANGES, given);
    if (!range) throw new RecordProblem(`size is not one of ${HEADCOUNT_RANGES.join(", ")}: ${quote(size)}`);
    return range;
  }
  return headcount === null ? null : headcountRangeOf(headcount);
}

function openingsOf(value: unknown): number | null {
  if (Array.isArray(value)) return value.length;
  return wholeNumber(value, "active_job_postings", 0, INT_MAX);
}

function usd(value: unknown, field: string): number | null {
  const amount = number(value, field, "an amount in US dollars");
  if (amount !== null && (amount < 0 || amount > USD_MAX)) throw new RecordProblem(`${field} is not an amount in US dollars: ${quote(value)}`);
  return amount === null ? null : Math.round(amount);
}

/** The headquarters: `location` as an object, as PDL's `locality, region, country` text, or flat fields. */
function placeOf(record: RawRecord): Pick<CompanyRecord, "country" | "region" | "city" | "continent"> {
  const location = pick(record, "location");
  const parts = typeof location === "string" ? location.split(",").map((part) => part.trim()) : [];
  const country = text(first(record, "location.country", "country") ?? parts.at(-1), { lower: true, max: 100 });
  const region = text(first(record, "location.region", "region") ?? (parts.length > 1 ? parts.at(-2) : undefined), { lower: true, max: 100 });
  const city = text(first(record, "location.locality", "locality") ?? (parts.length > 2 ? parts.at(-3) : undefined), { lower: true, max: 100 });
  const continent = text(first(record, "location.continent", "continent"), { lower: true, max: 100 }) ?? continentOf(country);
  return { country, region, city, continent };
}

/** The last round's amount and date and every investor, from PDL's `funding_details` (or an `investors` list). */
function fundingRounds(record: RawRecord): { lastRoundUsd: number | null; lastRoundDate: string | null; investors: string[] } {
  const rounds = objects(pick(record, "funding_details"))
    .map((round) => ({ round, date: day(round.funding_round_date, "funding_details.funding_round_date") }))
    .sort((a, b) => (a.date ?? "").localeCompare(b.date ?? ""));
  const last = rounds.at(-1);
  const investors = new Set(list(first(record, "investors"), { lower: true }));
  for (const { round } of rounds) {
    for (const investor of [...list(round.investing_companies, { lower: true }), ...list(round.investing_individuals, { lower: true })]) {
      investors.add(investor);
    }
  }
  return {
    lastRoundUsd: last ? usd(last.round.funding_raised, "funding_details.funding_raised") : null,
    lastRoundDate: last?.date ?? null,
    investors: [...investors].slice(0, 200),
  };
}

const SCALE: Record<string, number> = { "": 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 };

/** PDL's inferred revenue bands: `$1M-$10M` → 1,000,000 to 10,000,000; `$10B+` has no upper end. */
function revenueRange(value: unknown): { min: number | null; max: number | null } {
  const raw = text(value)?.replace(/\s/g, "").toUpperCase();
  if (!raw) return { min: null, max: null };
  const match = /^\$?(\d+(?:\.\d+)?)([KMBT]?)(?:-\$?(\d+(?:\.\d+)?)([KMBT]?)|\+)$/.exec(raw);
  if (!match) throw new RecordProblem(`inferred_revenue is not a range such as $1M-$10M: ${quote(value)}`);
  const min = Number(match[1]) * SCALE[match[2]!]!;
  const max = match[3] === undefined ? null : Number(match[3]) * SCALE[match[4]!]!;
  // The amounts are bigint dollars: a larger one would fail the batch's statement.
  if (min > USD_MAX || (max ?? 0) > USD_MAX) throw new RecordProblem(`inferred_revenue is too large: ${quote(value)}`);
  return { min: Math.round(min), max: max === null ? null : Math.round(max) };
}
