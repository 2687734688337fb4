import {
  COMPANY_VALUE_FIELDS,
  HEADCOUNT_RANGES,
  NAME_LOOKUPS_PER_MINUTE,
  NAME_QUERY_MIN_LENGTH,
  NAME_SUGGESTIONS,
  PEOPLE_VALUE_FIELDS,
  ZFilterValuesInput,
  ZFilterValuesResult,
} from "../../../schemas/company-database";
import { defineOperation } from "../../../http/api-operation";

export const listFilterValuesOperation = defineOperation({
  operationId: "listFilterValues",
  method: "post",
  path: "/database/filter-values",
  summary: "List valid filter values",
  description: [
    "Suggests valid values for a filter field of the company search (`type` `companies`, the default) or the people search (`type` `people`), each with how many companies or people have it. Free: no AI credits are used.",
    "Body: `type`, `field`, `query` (what the user typed, optional), `limit` (1 to 50, default 10).",
    `Company fields: ${COMPANY_VALUE_FIELDS.map((field) => `\`${field}\``).join(", ")}. People fields: ${PEOPLE_VALUE_FIELDS.map((field) => `\`${field}\``).join(", ")}. People's \`company\`, \`industry\`, \`companyType\`, \`hqCountry\` and \`headcountRange\` are those of the company they work at; \`state\` is their region; \`keyword\` suggests the words of job titles (what the people search's \`keywords\` finds). Another field answers 400 naming \`field\`, with the list.`,
    "Without `query`: the most common values (`match` `all`). With `query`: values starting with it first (case-insensitive, most common first, `match` `prefix`), then values spelled alike (trigram similarity, e.g. `sofware` finds `computer software`, `germny` finds `germany`; `match` `fuzzy`, closest first) until `limit` is reached; a query shorter than 3 characters gets prefix matches only.",
    `\`headcountRange\` always answers the closed eight-value set, in this order, with its counts (0 when none) and \`match\` \`all\`, whatever \`query\` and \`limit\`: ${HEADCOUNT_RANGES.map((range) => `\`${range}\``).join(", ")}.`,
    `**What is free.** The facets — every field but the company names — with their counts, as lists or completions. The company names themselves (companies' \`name\`, people's \`company\`) are what a search sells for credits, so these two fields only complete what was typed: a \`query\` shorter than ${NAME_QUERY_MIN_LENGTH} characters answers \`data: []\`, at most ${NAME_SUGGESTIONS} names are answered whatever \`limit\`, and a person (through any of their workspaces and keys) may make ${NAME_LOOKUPS_PER_MINUTE} such lookups a minute (then 429 \`rate-limited\` with \`Retry-After\`). To list companies, search them.`,
    "The values are rebuilt after each import and after generating data; until then a new value is not suggested (it can still be used as a filter).",
  ].join("\n\n"),
  tags: ["Company database"],
  body: ZFilterValuesInput,
  response: ZFilterValuesResult,
});
