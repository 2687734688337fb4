// GET /api/v1/lead-imports/{id} – an import's progress
import { apiRoute } from "@/server/http/api-route";
import { getLeadImportOperation } from "@/server/openapi/operations/lead-imports/get-lead-import";
import { getLeadImport } from "@/server/services/lead-imports/get-lead-import";

export const GET = apiRoute(getLeadImportOperation, async ({ actor, params }) => ({ data: await getLeadImport(actor, params.id) }));
