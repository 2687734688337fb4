// The handlers of the lead-imports operations: what each answers, beside its operation in this folder.
// Listed in server/openapi/registry.ts, wrapped by server/http/api-handler.ts (authentication,
// validation, idempotency, errors). Kept apart from the operation files, which the OpenAPI document
// and the dashboard's API reference import without the services.
import { apiHandler } from "../../../http/api-handler";
import { getLeadImport } from "../../../services/lead-imports/get-lead-import";
import { listLeadImports } from "../../../services/lead-imports/list-lead-imports";
import { startLeadImport } from "../../../services/lead-imports/start-lead-import";
import { getLeadImportOperation } from "./get-lead-import";
import { listLeadImportsOperation } from "./list-lead-imports";
import { startLeadImportOperation } from "./start-lead-import";

export const leadImportsHandlers = [
  // GET /api/v1/lead-imports – list imports
  apiHandler(listLeadImportsOperation, async ({ actor, query }) => {
    const { imports, total } = await listLeadImports(actor, query);
    return { data: imports, paging: { limit: query.limit, offset: query.offset, total } };
  }),
  // POST /api/v1/lead-imports – import the people of a LinkedIn search
  apiHandler(startLeadImportOperation, async ({ actor, body }) => ({ data: await startLeadImport(actor, body) })),
  // GET /api/v1/lead-imports/{id} – an import's progress
  apiHandler(getLeadImportOperation, async ({ actor, params }) => ({ data: await getLeadImport(actor, params.id) })),
];
