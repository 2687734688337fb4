// POST /api/v1/database/people/add-to-leads – add company-database people to a campaign or list (one credit per person added)
import { apiRoute } from "@/server/http/api-route";
import { addDatabasePeopleOperation } from "@/server/openapi/operations/database/add-database-people";
import { addDatabasePeople } from "@/server/services/company-database/add-database-people";

export const POST = apiRoute(addDatabasePeopleOperation, async ({ actor, body }) => ({ data: await addDatabasePeople(actor, body) }));
