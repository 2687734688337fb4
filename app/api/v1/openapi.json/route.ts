// GET /api/v1/openapi.json – this API's OpenAPI 3.1 description
import { apiRoute } from "@/server/http/api-route";
import { buildOpenApiDocument } from "@/server/openapi/document";
import { getOpenApiDocumentOperation } from "@/server/openapi/operations/meta/get-openapi-document";

export const GET = apiRoute(getOpenApiDocumentOperation, async () => ({ ...buildOpenApiDocument() }));
