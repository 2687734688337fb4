import { COMPANY_SORT_KEYS, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, ZCompanySearchInput, ZCompanySearchResult } from "../../../schemas/company-database";
import { defineOperation } from "../../../http/api-operation";

export const searchCompaniesOperation = defineOperation({
  operationId: "searchCompanies",
  method: "post",
  path: "/database/companies/search",
  summary: "Search the company database",
  description: [
    "One page of the companies matching `filters`, in `sort` order. Every filter given must match; a filter that takes a list matches when any of its values does. At least one filter is required, and an unknown filter key is a 400 that names it.",
    "Filters: `keywords` (words in the name or description, all of them, English word forms alike: `platforms` finds `platform`; `\"exact phrase\"` and `-word` work; only common words such as `the` is a 400), `names` (name starts with, case-insensitive), `domains` (web domain, `example.com`; a pasted URL is reduced to its domain), `industries`, `countries`, `regions`, `cities`, `continents` (headquarters; case-insensitive; see POST /database/filter-values for the values), `companyTypes`, `headcountRanges` (the eight ranges), `minHeadcount`/`maxHeadcount`, `minHeadcountGrowth`/`maxHeadcountGrowth` (percent over 12 months), `minFollowers`, `minOpenings` (open jobs; 1 = hiring), `minYearFounded`/`maxYearFounded`, `lastRoundTypes`, `minLastRoundDate`/`maxLastRoundDate` (YYYY-MM-DD), `minTotalFundingUsd`/`maxTotalFundingUsd`, `minLastRoundUsd`/`maxLastRoundUsd`, `investors`, `technologies`, `minRevenueUsd`/`maxRevenueUsd` (the estimated revenue range overlaps the one asked for). Minimums and maximums include the bound; a company without the value does not match a filter on it. A maximum below its minimum is a 400 naming the maximum.",
    `Sorts (\`sort.key\`): ${COMPANY_SORT_KEYS.map((key) => `\`${key}\``).join(", ")}. \`relevance\` (the default) ranks keyword matches (name above description) when \`keywords\` is given, and otherwise puts larger, better-known companies first. \`sort.dir\` is \`asc\` or \`desc\`; the default is \`asc\` for \`name\` and \`desc\` for the others. Companies without the sorted value come last in both directions; ties are ordered by \`id\`.`,
    `Paging: \`limit\` 1 to ${SEARCH_LIMIT_MAX} (default ${SEARCH_LIMIT_DEFAULT}). \`paging.nextCursor\` is an opaque keyset cursor: send it as \`cursor\` with the same filters and sort for the next page (null on the last page). Companies added while you page never shift a page or repeat one; a cursor from another search (other filters or sort) or a made-up one is a 400 naming \`cursor\`. \`paging.totalCount\` is exact when every match fits on the first page or PostgreSQL expects at most 1,000 (the installation's HERALD_SEARCH_EXACT_COUNT_UP_TO); above, counting would read every match of a broad search, so it is PostgreSQL's estimate and \`paging.totalCountIsEstimate\` is true.`,
    "Cost: one AI credit per company returned, debited from the workspace with a ledger entry (reason `company-search`) in one transaction; `credits` says what this page cost and the balance after it. An empty page is free. When the balance cannot cover the page the answer is 402 `insufficient-credits` with `details.balance` and `details.cost` (the companies this page would return), and nothing is debited: ask for a smaller `limit` or add credits.",
  ].join("\n\n"),
  tags: ["Company database"],
  body: ZCompanySearchInput,
  response: ZCompanySearchResult,
  errors: ["insufficient-credits"],
  acceptsWorkspaceHeader: true,
});
