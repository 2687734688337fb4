// A deterministic, realistic company database: company n (and its people) depends only on the seed
// and n, so the demo, the tests and the benchmarks get the same rows on every machine and a batch can
// be made on its own. Values follow People Data Labs' conventions (see vocabulary.ts), headcounts a
// long tail (most companies are small), funding only for some, people spread over every company.
import { mulberry32, seedFromText } from "../../../lib/seeded-random";
import type { THeadcountRange } from "../../../schemas/company-database";
import {
  ADJECTIVES,
  AUDIENCES,
  COMPANY_TYPES_WEIGHTED,
  COUNTRIES,
  DEGREES,
  DEPARTMENTS,
  DESCRIPTIONS,
  FIRST_NAMES,
  GOALS,
  INDUSTRIES,
  INVESTORS,
  LAST_NAMES,
  NAME_FIRST,
  NAME_SECOND,
  NAME_SUFFIX,
  OTHER_ROUNDS,
  ROUND_LADDER,
  SENIORITY_LEVELS,
  TECHNOLOGIES,
  type Weighted,
} from "./vocabulary";

/** A company row as the writer takes it (the importer produces the same shape). */
export interface CompanyRecord {
  externalId: string;
  name: string;
  domain: string | null;
  website: string | null;
  linkedinUrl: string | null;
  description: string | null;
  companyType: string | null;
  industry: string | null;
  industries: string[];
  headcount: number | null;
  headcountRange: THeadcountRange | null;
  headcountGrowth12m: number | null;
  followers: number | null;
  openings: number | null;
  yearFounded: number | null;
  country: string | null;
  region: string | null;
  city: string | null;
  continent: string | null;
  fundingTotalUsd: number | null;
  lastRoundUsd: number | null;
  lastRoundType: string | null;
  /** YYYY-MM-DD */
  lastRoundDate: string | null;
  investors: string[];
  technologies: string[];
  revenueMinUsd: number | null;
  revenueMaxUsd: number | null;
}

/** A person row as the writer takes it; `companyExternalId` links to a company by its source id. */
export interface PersonRecord {
  externalId: string;
  companyExternalId: string | null;
  firstName: string;
  lastName: string;
  title: string | null;
  headline: string | null;
  seniority: string | null;
  department: string | null;
  function: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  continent: string | null;
  languages: string[];
  skills: string[];
  schools: string[];
  degrees: string[];
  fieldsOfStudy: string[];
  linkedinUrl: string | null;
  email: string | null;
}

export interface DatasetOptions {
  /** Any text; the same seed gives the same data. */
  seed: string;
  companies: number;
  /** People in all; spread over the companies (company n gets its share). */
  people: number;
}

/** The year the generated data is "as of" (founding years and round dates stay before it). */
const AS_OF_YEAR = 2026;

/** The headcount range of a headcount (the closed eight-value set). */
export function headcountRangeOf(headcount: number): THeadcountRange {
  if (headcount <= 10) return "1-10";
  if (headcount <= 50) return "11-50";
  if (headcount <= 200) return "51-200";
  if (headcount <= 500) return "201-500";
  if (headcount <= 1000) return "501-1000";
  if (headcount <= 5000) return "1001-5000";
  if (headcount <= 10000) return "5001-10000";
  return "10001+";
}

/** The people of company n (0-based) when `people` are spread over `companies`. */
export function peopleRange(options: DatasetOptions, n: number): { first: number; count: number } {
  const first = Math.floor((n * options.people) / options.companies);
  const next = Math.floor(((n + 1) * options.people) / options.companies);
  return { first, count: next - first };
}

/** Company n (0-based) of the data set and its people. */
export function generateCompany(options: DatasetOptions, n: number): { company: CompanyRecord; people: PersonRecord[] } {
  const random = rng(`${options.seed}:company:${n}`);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const weighted = <T>(list: Weighted<T>) => pickWeighted(list, random());

  const suffix = weighted(NAME_SUFFIX);
  const base = `${pick(NAME_FIRST)}${pick(NAME_SECOND)}`;
  const name = suffix ? `${base} ${suffix}` : base;
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${n.toString(36)}`;
  const domain = `${slug}.example`;
  const industry = weighted(INDUSTRIES);
  const secondIndustry = random() < 0.35 ? weighted(INDUSTRIES) : null;
  const place = weighted(COUNTRIES);
  const [city, region] = pick(place.places);
  // A long tail: half the companies have at most 10 people, one in a few thousand over 10,000.
  const headcount = Math.max(1, Math.round(Math.exp(random() * random() * random() * 12.5) * (0.6 + random() * 0.8)));
  const yearFounded = AS_OF_YEAR - Math.min(120, Math.floor(-Math.log(1 - random() * 0.999) * 14));
  const age = AS_OF_YEAR - yearFounded;
  const growth = Math.round((random() + random() + random() - 1.5) * 40 * (headcount < 50 ? 1.5 : 1) * 10) / 10;
  const followers = Math.round(headcount * (3 + random() * 60) + random() * 200);
  const openings = random() < 0.3 ? Math.max(1, Math.round((headcount / 40) * random() * 3)) : 0;
  const companyType = weighted(COMPANY_TYPES_WEIGHTED);

  const funded = companyType === "private" && age < 25 && random() < 0.35;
  let fundingTotalUsd: number | null = null;
  let lastRoundUsd: number | null = null;
  let lastRoundType: string | null = null;
  let lastRoundDate: string | null = null;
  const investors: string[] = [];
  if (funded) {
    const ladderStep = Math.min(ROUND_LADDER.length - 1, Math.floor(random() * random() * Math.min(age + 1, 10)));
    lastRoundType = random() < 0.15 ? weighted(OTHER_ROUNDS) : ROUND_LADDER[ladderStep]!;
    lastRoundUsd = Math.round((250_000 * 2.6 ** ladderStep * (0.5 + random())) / 1000) * 1000;
    fundingTotalUsd = Math.round(lastRoundUsd * (1 + random() * ladderStep * 0.8));
    const roundYear = Math.max(yearFounded, AS_OF_YEAR - 1 - Math.floor(random() * Math.min(age + 1, 8)));
    lastRoundDate = `${roundYear}-${String(1 + Math.floor(random() * 12)).padStart(2, "0")}-${String(1 + Math.floor(random() * 28)).padStart(2, "0")}`;
    const investorCount = 1 + Math.floor(random() * 4);
    while (investors.length < investorCount) {
      const investor = pick(INVESTORS);
      if (!investors.includes(investor)) investors.push(investor);
    }
  }
  const technologies: string[] = [];
  const techCount = Math.floor(random() * 9);
  for (let i = 0; i < techCount; i++) {
    const technology = weighted(TECHNOLOGIES);
    if (!technologies.includes(technology)) technologies.push(technology);
  }
  const perEmployee = 60_000 + random() * 240_000;
  const revenueMinUsd = companyType === "nonprofit" || companyType === "government" ? null : Math.round((headcount * perEmployee * 0.7) / 100_000) * 100_000;
  const revenueMaxUsd = revenueMinUsd === null ? null : Math.max(revenueMinUsd + 100_000, Math.round((headcount * perEmployee * 1.4) / 100_000) * 100_000);
  const templates = /software|internet|information|security|e-learning/.test(industry) ? DESCRIPTIONS.software! : DESCRIPTIONS.services!;
  const description = pick(templates)
    .replace("{name}", name)
    .replace("{adjective}", withArticle(pick(ADJECTIVES)))
    .replace("{audience}", pick(AUDIENCES))
    .replace("{goal}", pick(GOALS))
    .replace("{founded}", String(yearFounded));

  const company: CompanyRecord = {
    externalId: `gen-${options.seed}-${n}`,
    name,
    domain,
    website: `https://www.${domain}`,
    linkedinUrl: `https://www.linkedin.com/company/${slug}`,
    description,
    companyType,
    industry,
    industries: secondIndustry && secondIndustry !== industry ? [industry, secondIndustry] : [industry],
    headcount,
    headcountRange: headcountRangeOf(headcount),
    headcountGrowth12m: growth,
    followers,
    openings,
    yearFounded,
    country: place.country,
    region,
    city,
    continent: place.continent,
    fundingTotalUsd,
    lastRoundUsd,
    lastRoundType,
    lastRoundDate,
    investors,
    technologies,
    revenueMinUsd,
    revenueMaxUsd,
  };

  const { first, count } = peopleRange(options, n);
  const people: PersonRecord[] = [];
  for (let i = 0; i < count; i++) people.push(generatePerson(options, first + i, company, place));
  return { company, people };
}

function generatePerson(options: DatasetOptions, index: number, company: CompanyRecord, home: (typeof COUNTRIES)[number][0]): PersonRecord {
  const random = rng(`${options.seed}:person:${index}`);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const weighted = <T>(list: Weighted<T>) => pickWeighted(list, random());
  const firstName = pick(FIRST_NAMES);
  const lastName = pick(LAST_NAMES);
  const department = weighted(DEPARTMENTS);
  const fn = pick(department.functions);
  const level = weighted(SENIORITY_LEVELS);
  const title = level.title(department.titleWord, fn);
  const place = random() < 0.8 ? home : weighted(COUNTRIES);
  const [city, region] = pick(place.places);
  const languages = [place.languages[0]!];
  if (place.languages[1] && random() < 0.6) languages.push(place.languages[1]);
  const skills: string[] = [];
  const skillCount = 2 + Math.floor(random() * 5);
  for (let i = 0; i < skillCount; i++) {
    const skill = pick(department.skills);
    if (!skills.includes(skill)) skills.push(skill);
  }
  const degree = weighted(DEGREES);
  const school = `university of ${pick(pick(COUNTRIES)[0].places)[0]}`;
  const handle = `${firstName}-${lastName}`.toLowerCase().normalize("NFD").replace(/[^a-z-]/g, "");
  return {
    externalId: `gen-${options.seed}-p${index}`,
    companyExternalId: company.externalId,
    firstName,
    lastName,
    title,
    headline: `${title} at ${company.name}`,
    seniority: level.seniority,
    department: department.department,
    function: fn,
    country: place.country,
    region,
    city,
    continent: place.continent,
    languages,
    skills,
    schools: [school],
    degrees: [degree],
    fieldsOfStudy: [pick(department.fields)],
    linkedinUrl: `https://www.linkedin.com/in/${handle}-${index.toString(36)}`,
    email: company.domain ? `${handle.replace(/-/g, ".")}.${index.toString(36)}@${company.domain}` : null,
  };
}

function withArticle(word: string): string {
  return `${/^[aeiouAEIO]/.test(word) ? "an" : "a"} ${word}`;
}

function pickWeighted<T>(list: Weighted<T>, roll: number): T {
  let total = 0;
  for (const [, weight] of list) total += weight;
  let at = roll * total;
  for (const [value, weight] of list) {
    at -= weight;
    if (at < 0) return value;
  }
  return list[list.length - 1]![0];
}

/** The random numbers of one record: the same for the same seed text everywhere. */
function rng(seed: string): () => number {
  return mulberry32(seedFromText(seed));
}
