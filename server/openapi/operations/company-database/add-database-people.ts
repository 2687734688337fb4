import { dataEnvelope } from "../../../schemas/common";
import { ZAddDatabasePeopleInput, ZAddDatabasePeopleResult } from "../../../schemas/company-database";
import { defineOperation } from "../../../http/api-operation";

export const addDatabasePeopleOperation = defineOperation({
  operationId: "addDatabasePeople",
  method: "post",
  path: "/database/people/add-to-leads",
  summary: "Add company-database people to a campaign or list",
  description: [
    "An extension: turns people of the company database into leads (source `company-database`) of a campaign (`target.campaignId`) or a lead list (`target.listId`), as POST /campaigns/{id}/leads and POST /lead-lists/{id}/leads would add them: name, LinkedIn URL, e-mail, company, and custom variables `title`, `headline`, `seniority`, `department`, `industry`, `companyDomain`, `city`, `country` where known.",
    "Choose `personIds` (ids of people search results) and/or `companyIds` (every person of those companies, narrowed by `personFilters`, the people search filters). At most 1000 people per request: a larger selection is a 400 naming `companyIds` with how many people it holds. People with neither a LinkedIn URL nor an e-mail address are left out (`unreachable`).",
    "Cost: one AI credit per person added (ledger reason `people-search`). Every reachable person is charged up front, so a selection the balance cannot cover answers 402 `insufficient-credits` (with `details.balance` and `details.cost`) and nothing is added; people the campaign or list already had (`skipped`) are refunded at once. 404 `not-found` for a campaign or list of another workspace, before any credit moves.",
  ].join("\n\n"),
  tags: ["Company database"],
  body: ZAddDatabasePeopleInput,
  response: dataEnvelope(ZAddDatabasePeopleResult),
  errors: ["not-found", "insufficient-credits"],
});
