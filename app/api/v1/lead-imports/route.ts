// POST /api/v1/lead-imports – import the people of a LinkedIn search
// GET /api/v1/lead-imports – list imports
import { apiRoute } from "@/server/http/api-route";
import { listLeadImportsOperation } from "@/server/openapi/operations/lead-imports/list-lead-imports";
import { startLeadImportOperation } from "@/server/openapi/operations/lead-imports/start-lead-import";
import { listLeadImports } from "@/server/services/lead-imports/list-lead-imports";
import { startLeadImport } from "@/server/services/lead-imports/start-lead-import";

export const POST = apiRoute(startLeadImportOperation, async ({ actor, body }) => ({ data: await startLeadImport(actor, body) }));

export const GET = apiRoute(listLeadImportsOperation, async ({ actor, query }) => {
  const { imports, total } = await listLeadImports(actor, query);
  return { data: imports, paging: { limit: query.limit, offset: query.offset, total } };
});
