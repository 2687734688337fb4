// POST /api/v1/database/people/search – search people of the company database (one credit per result)
import { apiRoute } from "@/server/http/api-route";
import { searchPeopleOperation } from "@/server/openapi/operations/database/search-people";
import { searchPeople } from "@/server/services/company-database/search-people";

export const POST = apiRoute(searchPeopleOperation, ({ actor, body }) => searchPeople(actor, body));
