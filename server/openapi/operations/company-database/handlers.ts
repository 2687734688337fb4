// The handlers of the database operations: what each answers, beside its operation in this folder.
// Listed in server/openapi/registry.ts, wrapped by server/http/api-handler.ts (authentication,
// validation, idempotency, errors). Kept apart from the operation files, which the OpenAPI document
// and the dashboard's API reference import without the services.
import { apiHandler } from "../../../http/api-handler";
import { addDatabasePeople } from "../../../services/company-database/add-database-people";
import { searchCompanies } from "../../../services/company-database/search-companies";
import { searchPeople } from "../../../services/company-database/search-people";
import { suggestFilterValues } from "../../../services/company-database/suggest-filter-values";
import { addDatabasePeopleOperation } from "./add-database-people";
import { listFilterValuesOperation } from "./filter-values";
import { searchCompaniesOperation } from "./search-companies";
import { searchPeopleOperation } from "./search-people";

export const companyDatabaseHandlers = [
  // POST /api/v1/database/companies/search – search the company database (one AI credit per result)
  apiHandler(searchCompaniesOperation, async ({ actor, body }) => searchCompanies(actor, body)),
  // POST /api/v1/database/filter-values – list valid filter values (free)
  apiHandler(listFilterValuesOperation, async ({ actor, body }) => suggestFilterValues(actor, body)),
  // POST /api/v1/database/people/add-to-leads – add company-database people to a campaign or list (one credit per person added)
  apiHandler(addDatabasePeopleOperation, async ({ actor, body }) => ({ data: await addDatabasePeople(actor, body) })),
  // POST /api/v1/database/people/search – search people of the company database (one credit per result)
  apiHandler(searchPeopleOperation, ({ actor, body }) => searchPeople(actor, body)),
];
