// POST /api/v1/database/companies/search – search the company database (one AI credit per result)
import { apiRoute } from "@/server/http/api-route";
import { searchCompaniesOperation } from "@/server/openapi/operations/database/search-companies";
import { searchCompanies } from "@/server/services/company-database/search-companies";

export const POST = apiRoute(searchCompaniesOperation, async ({ actor, body }) => searchCompanies(actor, body));
