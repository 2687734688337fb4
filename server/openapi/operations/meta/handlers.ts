// The handlers of the meta operations: what each answers, beside its operation in this folder.
// Listed in server/openapi/registry.ts, wrapped by server/http/api-handler.ts (authentication,
// validation, idempotency, errors). Kept apart from the operation files, which the OpenAPI document
// and the dashboard's API reference import without the services.
import { apiHandler } from "../../../http/api-handler";
import { buildOpenApiDocument } from "../../document";
import { getOpenApiDocumentOperation } from "./get-openapi-document";

export const metaHandlers = [
  // GET /api/v1/openapi.json – this API's OpenAPI 3.1 description
  apiHandler(getOpenApiDocumentOperation, async () => ({ ...buildOpenApiDocument() })),
];
