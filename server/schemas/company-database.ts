// The company database's shapes: the search requests (company and people filters, sorts, the
// keyset cursor), the results, and the filter-values typeahead. Shared by REST, tRPC and OpenAPI.
import { z } from "zod";

/** The closed eight-value set of headcount ranges (LinkedIn's and People Data Labs' sizes). */
export const HEADCOUNT_RANGES = ["1-10", "11-50", "51-200", "201-500", "501-1000", "1001-5000", "5001-10000", "10001+"] as const;
export const ZHeadcountRange = z.enum(HEADCOUNT_RANGES, { message: `must be one of ${HEADCOUNT_RANGES.join(", ")}` }).meta({ id: "HeadcountRange" });
export type THeadcountRange = z.infer<typeof ZHeadcountRange>;

export const COMPANY_TYPES = ["public", "private", "nonprofit", "educational", "government", "self-employed", "partnership"] as const;
export const SENIORITIES = ["owner", "founder", "c_suite", "partner", "vp", "head", "director", "manager", "senior", "entry", "intern"] as const;
/** People Data Labs' funding stages, the values of `lastRoundType`. */
export const ROUND_TYPES = [
  "pre_seed",
  "seed",
  "series_a",
  "series_b",
  "series_c",
  "series_d",
  "series_e",
  "series_f",
  "private_equity",
  "debt_financing",
  "grant",
  "convertible_note",
  "angel",
  "ipo",
] as const;

/** Most search filters and results are capped: the limits shared by the two searches. */
export const SEARCH_LIMIT_DEFAULT = 25;
export const SEARCH_LIMIT_MAX = 100;

// PostgreSQL text cannot hold the NUL character: refused here too, so that a caller of the services
// other than the REST and tRPC edges (which refuse it before the schema) gets a 400 as well.
const noNul = <T extends z.ZodString>(schema: T) => schema.refine((text) => !text.includes("\u0000"), "must not contain the NUL character (\\u0000)");
/** The database's ids are PostgreSQL integers: a larger number would fail the query instead of matching nothing. */
const ID_MAX = 2_147_483_647;
const databaseId = (what: string) => z.number().int().min(1).max(ID_MAX, `is not a ${what} id`);

const values = (what: string) =>
  z
    .array(noNul(z.string().trim().min(1, `each ${what} must not be empty`).max(200, `each ${what} must be at most 200 characters`)), {
      message: `must be an array of ${what}s`,
    })
    .min(1, `give at least one ${what}, or leave the filter out`)
    .max(100, `at most 100 ${what}s`);
const count = (what: string) => z.number({ message: `must be a number of ${what}` }).int(`must be a whole number of ${what}`).min(0, "must not be negative");
const usd = () => z.number({ message: "must be an amount in US dollars" }).min(0, "must not be negative").max(1e15, "is too large");
const year = () => z.number({ message: "must be a year" }).int("must be a year").min(1600, "must be 1600 or later").max(2100, "must be 2100 or earlier");
const day = () =>
  z.iso
    .date({ message: "must be a date such as 2024-06-30" })
    // PostgreSQL's dates start at year 1: year 0000 would fail the query instead of matching nothing.
    .refine((date) => !date.startsWith("0000-"), "must be a date such as 2024-06-30");
const percent = () => z.number({ message: "must be a percentage" }).min(-100, "must be -100 or more").max(100_000, "is too large");

function unknownKeyMessage(allowed: readonly string[]) {
  return (issue: { code?: string; keys?: string[] }) =>
    issue.code === "unrecognized_keys"
      ? `unknown filter ${issue.keys?.map((key) => `\`${key}\``).join(", ")}; the filters are ${allowed.join(", ")}`
      : undefined;
}

const companyFilterShape = {
  keywords: noNul(z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters")).optional().meta({
    description: "Words to find in the company's name and description (all of them; `\"exact phrase\"` and `-word` work).",
  }),
  names: values("name").optional().meta({ description: "Companies whose name starts with any of these" }),
  domains: values("domain").optional().meta({ description: "Companies at any of these web domains (example.com)" }),
  industries: values("industry").optional().meta({ description: "Companies in any of these industries (see filter values `industry`)" }),
  countries: values("country").optional().meta({ description: "Headquartered in any of these countries (lower case names, e.g. `united states`)" }),
  regions: values("region").optional().meta({ description: "Headquartered in any of these regions or states" }),
  cities: values("city").optional().meta({ description: "Headquartered in any of these cities" }),
  continents: values("continent").optional().meta({ description: "Headquartered on any of these continents" }),
  companyTypes: z.array(z.enum(COMPANY_TYPES, { message: `must be one of ${COMPANY_TYPES.join(", ")}` })).min(1).optional(),
  headcountRanges: z.array(ZHeadcountRange).min(1, "give at least one range, or leave the filter out").optional(),
  minHeadcount: count("employees").optional(),
  maxHeadcount: count("employees").optional(),
  minHeadcountGrowth: percent().optional().meta({ description: "Headcount growth over 12 months, in percent, at least" }),
  maxHeadcountGrowth: percent().optional(),
  minFollowers: count("followers").optional(),
  minOpenings: count("job openings").optional().meta({ description: "At least this many open jobs (1 = hiring)" }),
  minYearFounded: year().optional(),
  maxYearFounded: year().optional(),
  lastRoundTypes: z.array(z.enum(ROUND_TYPES, { message: `must be one of ${ROUND_TYPES.join(", ")}` })).min(1).optional(),
  minLastRoundDate: day().optional(),
  maxLastRoundDate: day().optional(),
  minTotalFundingUsd: usd().optional(),
  maxTotalFundingUsd: usd().optional(),
  minLastRoundUsd: usd().optional(),
  maxLastRoundUsd: usd().optional(),
  investors: values("investor").optional().meta({ description: "Backed by any of these investors" }),
  technologies: values("technology").optional().meta({ description: "Using any of these technologies" }),
  minRevenueUsd: usd().optional().meta({ description: "Estimated yearly revenue of at least this (the estimate's range reaches it)" }),
  maxRevenueUsd: usd().optional(),
};
export const COMPANY_FILTER_KEYS = Object.keys(companyFilterShape) as Array<keyof typeof companyFilterShape>;

export const ZCompanyFilters = z
  .strictObject(companyFilterShape, { error: unknownKeyMessage(Object.keys(companyFilterShape)) })
  .refine((filters) => Object.values(filters).some((value) => value !== undefined), {
    message: "give at least one filter, e.g. industries, countries or minHeadcount",
  })
  .meta({ id: "CompanyFilters", description: "At least one filter; every filter given must match (a list matches when any of its values does)." });
export type TCompanyFilters = z.infer<typeof ZCompanyFilters>;

export const COMPANY_SORT_KEYS = ["relevance", "name", "headcount", "headcountGrowth12m", "followers", "yearFounded", "lastRoundDate"] as const;
export const ZSortDir = z.enum(["asc", "desc"], { message: "must be asc or desc" });
export const ZCompanySort = z
  .strictObject({
    key: z.enum(COMPANY_SORT_KEYS, { message: `must be one of ${COMPANY_SORT_KEYS.join(", ")}` }),
    dir: ZSortDir.optional().meta({ description: "Default: asc for name, desc for the others" }),
  })
  .meta({ id: "CompanySort", description: "Default `relevance`: keyword match when `keywords` is given, else larger and better-known companies first. Unknown values come last either way." });
export type TCompanySort = z.infer<typeof ZCompanySort>;

const ZLimit = z
  .number({ message: `must be an integer from 1 to ${SEARCH_LIMIT_MAX}` })
  .int(`must be an integer from 1 to ${SEARCH_LIMIT_MAX}`)
  .min(1, `must be an integer from 1 to ${SEARCH_LIMIT_MAX}`)
  .max(SEARCH_LIMIT_MAX, `must be an integer from 1 to ${SEARCH_LIMIT_MAX}`);
const ZCursor = z.string().max(2000, "is not a cursor this search gave").meta({ description: "`paging.nextCursor` of the previous page, with the same filters and sort" });

export const ZCompanySearchInput = z
  .strictObject({
    filters: ZCompanyFilters,
    sort: ZCompanySort.optional(),
    limit: ZLimit.default(SEARCH_LIMIT_DEFAULT).meta({ description: `Results per page, 1 to ${SEARCH_LIMIT_MAX}, default ${SEARCH_LIMIT_DEFAULT}` }),
    cursor: ZCursor.optional(),
  })
  .meta({ id: "CompanySearchInput" });
export type TCompanySearchInput = z.input<typeof ZCompanySearchInput>;

export const ZSearchPaging = z
  .object({
    nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last page" }),
    totalCount: z.number().int().meta({ description: "Results that match the filters (exact unless `totalCountIsEstimate`)" }),
    totalCountIsEstimate: z.boolean().meta({
      description:
        "True when `totalCount` is PostgreSQL's estimate: for broad searches, when it expects more matches than the installation counts exactly (HERALD_SEARCH_EXACT_COUNT_UP_TO, default 1,000) and they do not fit on the first page",
    }),
  })
  .meta({ id: "SearchPaging" });
export type TSearchPaging = z.infer<typeof ZSearchPaging>;

/** How long a result the workspace paid for stays free to see again (the charge and the dashboard's cost lines). */
export const PAID_RESULT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const PAID_RESULT_WINDOW_WORDS = "24 hours";

export const ZSearchCredits = z
  .object({
    charged: z.number().int().meta({ description: "Credits this page cost (the same as `creditsCharged`)" }),
    alreadyPaid: z.number().int().meta({
      description: `Results of this page the workspace had already paid for in the last ${PAID_RESULT_WINDOW_WORDS}: returned again at no charge`,
    }),
    balance: z.number().int().meta({ description: "The workspace's AI credits after the search" }),
  })
  .meta({ id: "SearchCredits" });

const ZCreditsCharged = z.number().int().meta({
  description: `AI credits this page cost: one per result returned that the workspace had not already paid for in the last ${PAID_RESULT_WINDOW_WORDS} (0 when every result was)`,
});

export const ZCompany = z
  .object({
    id: z.number().int(),
    name: z.string(),
    domain: z.string().nullable(),
    website: z.string().nullable(),
    linkedinUrl: z.string().nullable(),
    description: z.string().nullable(),
    companyType: z.string().nullable(),
    industry: z.string().nullable().meta({ description: "The main industry" }),
    industries: z.array(z.string()).meta({ description: "Every industry of the company, the main one first" }),
    matchedIndustry: z.string().nullable().meta({
      description:
        "With `filters.industries`: the company's industry that matched (the first of `industries` that is one of the filter's values; it differs from `industry` when the company matched through a secondary industry). Null without that filter.",
    }),
    headcountRange: ZHeadcountRange.nullable(),
    country: z.string().nullable(),
    headquarters: z.string().nullable().meta({ description: "City, region and country of the headquarters" }),
    yearFounded: z.number().int().nullable(),
    headcount: z.number().int().nullable(),
    headcountGrowth12m: z.number().nullable().meta({ description: "Headcount change over 12 months, in percent" }),
    followers: z.number().int().nullable(),
    openings: z.number().int().nullable(),
    funding: z.object({
      totalUsd: z.number().nullable(),
      lastRoundUsd: z.number().nullable(),
      lastRoundType: z.string().nullable(),
      lastRoundDate: z.string().nullable().meta({ description: "YYYY-MM-DD" }),
      investors: z.array(z.string()),
    }),
    estimatedRevenue: z.object({ minUsd: z.number().nullable(), maxUsd: z.number().nullable() }),
    technologies: z.array(z.string()).meta({ description: "Extension: technologies the company uses" }),
  })
  .meta({ id: "Company" });
export type TCompany = z.infer<typeof ZCompany>;

export const ZCompanySearchResult = z
  .object({ data: z.array(ZCompany), paging: ZSearchPaging, creditsCharged: ZCreditsCharged, credits: ZSearchCredits })
  .meta({ id: "CompanySearchResult" });
export type TCompanySearchResult = z.infer<typeof ZCompanySearchResult>;

// --- People search (a documented extension) --------------------------------------------------

const personFilterShape = {
  keywords: noNul(z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters")).optional().meta({
    description: "Words to find in the person's name, title and headline",
  }),
  titles: values("title").optional().meta({ description: "Job titles containing any of these (case-insensitive)" }),
  seniorities: z.array(z.enum(SENIORITIES, { message: `must be one of ${SENIORITIES.join(", ")}` })).min(1).optional(),
  departments: values("department").optional(),
  functions: values("function").optional(),
  countries: values("country").optional().meta({ description: "People located in any of these countries" }),
  states: values("state").optional(),
  cities: values("city").optional(),
  continents: values("continent").optional(),
  languages: values("language").optional(),
  skills: values("skill").optional(),
  schools: values("school").optional(),
  degrees: values("degree").optional(),
  fieldsOfStudy: values("field of study").optional(),
  companyIds: z.array(databaseId("company"), { message: "must be an array of company ids" }).min(1).max(1000, "at most 1000 companies").optional(),
  companies: values("company").optional().meta({ description: "Working at a company whose name is any of these" }),
  industries: values("industry").optional().meta({ description: "Working at a company in any of these industries" }),
  companyTypes: z.array(z.enum(COMPANY_TYPES, { message: `must be one of ${COMPANY_TYPES.join(", ")}` })).min(1).optional(),
  hqCountries: values("country").optional().meta({ description: "Working at a company headquartered in any of these countries" }),
  headcountRanges: z.array(ZHeadcountRange).min(1, "give at least one range, or leave the filter out").optional(),
};
export const PERSON_FILTER_KEYS = Object.keys(personFilterShape) as Array<keyof typeof personFilterShape>;

export const ZPersonFilters = z
  .strictObject(personFilterShape, { error: unknownKeyMessage(Object.keys(personFilterShape)) })
  .refine((filters) => Object.values(filters).some((value) => value !== undefined), {
    message: "give at least one filter, e.g. titles, seniorities or companyIds",
  })
  .meta({ id: "PersonFilters" });
export type TPersonFilters = z.infer<typeof ZPersonFilters>;

export const PERSON_SORT_KEYS = ["relevance", "name", "seniority"] as const;
export const ZPersonSort = z
  .strictObject({
    key: z.enum(PERSON_SORT_KEYS, { message: `must be one of ${PERSON_SORT_KEYS.join(", ")}` }),
    dir: ZSortDir.optional().meta({ description: "Default: asc for name, desc for the others" }),
  })
  .meta({ id: "PersonSort", description: "`relevance` (default): keyword match when `keywords` is given, else seniority; `name`: last then first name; `seniority`: owners first" });
export type TPersonSort = z.infer<typeof ZPersonSort>;

export const ZPersonSearchInput = z
  .strictObject({
    filters: ZPersonFilters,
    sort: ZPersonSort.optional(),
    limit: ZLimit.default(SEARCH_LIMIT_DEFAULT),
    cursor: ZCursor.optional(),
  })
  .meta({ id: "PersonSearchInput" });
export type TPersonSearchInput = z.input<typeof ZPersonSearchInput>;

export const ZPerson = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    title: z.string().nullable(),
    headline: z.string().nullable(),
    seniority: z.string().nullable(),
    department: z.string().nullable(),
    function: z.string().nullable(),
    country: z.string().nullable(),
    state: z.string().nullable(),
    city: z.string().nullable(),
    continent: z.string().nullable(),
    languages: z.array(z.string()),
    skills: z.array(z.string()),
    schools: z.array(z.string()),
    degrees: z.array(z.string()),
    fieldsOfStudy: z.array(z.string()),
    linkedinUrl: z.string().nullable(),
    email: z.string().nullable(),
    company: z.object({ id: z.number().int(), name: z.string(), domain: z.string().nullable(), industry: z.string().nullable() }).nullable(),
  })
  .meta({ id: "Person" });
export type TPerson = z.infer<typeof ZPerson>;

export const ZPersonSearchResult = z
  .object({ data: z.array(ZPerson), paging: ZSearchPaging, creditsCharged: ZCreditsCharged, credits: ZSearchCredits })
  .meta({ id: "PersonSearchResult" });
export type TPersonSearchResult = z.infer<typeof ZPersonSearchResult>;

// --- Filter values -----------------------------------------------------------------------------

export const PEOPLE_VALUE_FIELDS = [
  "title",
  "keyword",
  "seniority",
  "department",
  "function",
  "company",
  "industry",
  "companyType",
  "hqCountry",
  "country",
  "city",
  "state",
  "continent",
  "language",
  "skill",
  "school",
  "degree",
  "fieldOfStudy",
  "headcountRange",
] as const;
export const COMPANY_VALUE_FIELDS = ["industry", "country", "headcountRange", "lastRoundType", "investor", "technology", "name"] as const;

/** The fields whose values are the database's company names: completions only, not free lists. */
export const COMPANY_NAME_FIELDS: Record<"companies" | "people", readonly string[]> = { companies: ["name"], people: ["company"] };
/** A company name field answers nothing for a shorter query. */
export const NAME_QUERY_MIN_LENGTH = 3;
/** At most this many company names per lookup, whatever `limit`. */
export const NAME_SUGGESTIONS = 10;
/** Company name lookups per person (across their workspaces) and minute. */
export const NAME_LOOKUPS_PER_MINUTE = 60;

export const ZFilterValuesInput = z
  .strictObject({
    type: z.enum(["companies", "people"], { message: "must be companies or people" }).default("companies").meta({
      description: "Which search the values are for: the counts are companies or people",
    }),
    field: z.string({ message: "must be a field name" }).meta({
      description: `People fields: ${PEOPLE_VALUE_FIELDS.join(", ")}. Company fields: ${COMPANY_VALUE_FIELDS.join(", ")}.`,
    }),
    query: noNul(z.string().trim().max(100, "must be at most 100 characters")).default("").meta({
      description: "What the user typed: values starting with it come first, then close spellings (fuzzy). Empty: the most common values.",
    }),
    limit: z.number({ message: "must be an integer from 1 to 50" }).int().min(1, "must be an integer from 1 to 50").max(50, "must be an integer from 1 to 50").default(10),
  })
  .superRefine((input, ctx) => {
    const fields: readonly string[] = input.type === "people" ? PEOPLE_VALUE_FIELDS : COMPANY_VALUE_FIELDS;
    if (!fields.includes(input.field)) {
      ctx.addIssue({ code: "custom", path: ["field"], message: `is not a ${input.type === "people" ? "people" : "company"} field; the fields are ${fields.join(", ")}` });
    }
  })
  .meta({ id: "FilterValuesInput" });
export type TFilterValuesInput = z.input<typeof ZFilterValuesInput>;

export const ZFilterValue = z
  .object({
    value: z.string(),
    count: z.number().int().meta({ description: "Companies (or people) with this value" }),
    match: z.enum(["prefix", "fuzzy", "all"]).meta({ description: "How it matched the query: starts with it, spelled alike, or no query (`all`)" }),
  })
  .meta({ id: "FilterValue" });
export type TFilterValue = z.infer<typeof ZFilterValue>;

export const ZFilterValuesResult = z.object({ data: z.array(ZFilterValue) }).meta({ id: "FilterValuesResult" });
export type TFilterValuesResult = z.infer<typeof ZFilterValuesResult>;

// --- From search results to leads -------------------------------------------------------------

export const ZAddDatabasePeopleInput = z
  .strictObject({
    personIds: z.array(databaseId("person")).max(1000, "at most 1000 people at a time").optional(),
    companyIds: z.array(databaseId("company")).max(100, "at most 100 companies at a time").optional().meta({
      description: "Every person of these companies (narrowed by `personFilters`)",
    }),
    personFilters: ZPersonFilters.optional(),
    target: z.union([z.strictObject({ campaignId: noNul(z.string().min(1)) }), z.strictObject({ listId: noNul(z.string().min(1)) })], {
      message: "must be {campaignId} or {listId}",
    }),
  })
  .refine((input) => (input.personIds?.length ?? 0) + (input.companyIds?.length ?? 0) > 0, {
    message: "choose at least one person or company",
    path: ["personIds"],
  })
  .meta({ id: "AddDatabasePeopleInput" });
export type TAddDatabasePeopleInput = z.infer<typeof ZAddDatabasePeopleInput>;

export const ZAddDatabasePeopleResult = z
  .object({
    people: z.number().int().meta({ description: "People of the selection who can be reached (a LinkedIn URL or an e-mail address): the leads sent to the campaign or list" }),
    unreachable: z.number().int().meta({ description: "People of the selection with neither a LinkedIn URL nor an e-mail address: left out, not charged" }),
    added: z.number().int(),
    skipped: z.number().int().meta({ description: "People the campaign or list already had, or that its exclusions keep out: not added, not charged" }),
    charged: z.number().int().meta({ description: "AI credits spent: one per person added" }),
    balance: z.number().int().meta({ description: "The workspace's AI credits afterwards" }),
  })
  .meta({ id: "AddDatabasePeopleResult" });
export type TAddDatabasePeopleResult = z.infer<typeof ZAddDatabasePeopleResult>;
