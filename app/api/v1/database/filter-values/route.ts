// POST /api/v1/database/filter-values – list valid filter values (free)
import { apiRoute } from "@/server/http/api-route";
import { listFilterValuesOperation } from "@/server/openapi/operations/database/filter-values";
import { suggestFilterValues } from "@/server/services/company-database/suggest-filter-values";

export const POST = apiRoute(listFilterValuesOperation, async ({ actor, body }) => suggestFilterValues(actor, body));
