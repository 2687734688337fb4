import { defineOperation } from "../../../http/api-operation";
import { PAID_RESULT_WINDOW_WORDS, PERSON_FILTER_KEYS, SENIORITIES, ZPersonSearchInput, ZPersonSearchResult } from "../../../schemas/company-database";

export const searchPeopleOperation = defineOperation({
  operationId: "searchPeople",
  method: "post",
  path: "/database/people/search",
  summary: "Search people of the company database",
  description: [
    "An extension beside POST /database/companies/search: the people who work at the database's companies, one page at a time.",
    `Filters (\`filters\`, at least one; an unknown key is a 400 that names it): ${PERSON_FILTER_KEYS.map((key) => `\`${key}\``).join(", ")}. Every filter given must match; a list matches when any of its values does. \`titles\` match job titles that contain any of the texts (any case); \`keywords\` are words of the name, title and headline (all of them; \`"a phrase"\` and \`-word\` work). Location, department, function, language, skill, school, degree and field-of-study values are People Data Labs' lower-case names (any case is accepted); POST /database/filter-values with \`type\` \`people\` suggests them. \`companyIds\` are ids of company search results; \`companies\` are company names (exact, any case); \`industries\`, \`companyTypes\`, \`hqCountries\` and \`headcountRanges\` are the fields of the person's company.`,
    `Sorts (\`sort.key\`): \`relevance\` (default: the keyword match when \`keywords\` is given, else seniority), \`name\` (last name, then first name), \`seniority\` (${SENIORITIES.join(", ")}: \`desc\`, the default, puts owners first). \`sort.dir\` \`asc\` or \`desc\` (default \`asc\` for name, \`desc\` for the others); people without a seniority come last both ways; ties go by id.`,
    "Paging: `limit` 1 to 100 (default 25); pass `paging.nextCursor` as `cursor` for the next page with the same filters and sort (a cursor of another search, or one Herald did not give, is a 400 naming `cursor`). Pages start strictly after the previous page's last person, so people added meanwhile never repeat or shift a page. `paging.totalCount` is exact when every match fits on the first page or PostgreSQL expects at most 1,000 (HERALD_SEARCH_EXACT_COUNT_UP_TO); above, PostgreSQL's estimate with `totalCountIsEstimate` true.",
    `Cost: one workspace AI credit per person returned that the workspace has not already paid for in the last ${PAID_RESULT_WINDOW_WORDS} (the same rule as the company search: a re-sort, the same search again or an overlapping one charges only the people new to the workspace; an empty page is free), debited with its ledger entry (reason \`people-search\`). \`creditsCharged\` is the page's cost, \`credits.alreadyPaid\` the people it returned free and \`credits.balance\` the balance after. A page the balance cannot cover answers 402 \`insufficient-credits\` with \`details.balance\` and \`details.cost\` (the new people it would charge), and nothing is debited: ask for a smaller \`limit\` or add credits.`,
  ].join("\n\n"),
  tags: ["Company database"],
  body: ZPersonSearchInput,
  response: ZPersonSearchResult,
  errors: ["insufficient-credits"],
});
